// The whole token story by keyboard alone: Tab, Shift+Tab, Enter, Space and Escape, never a click.
// Dialogs keep focus inside and give it back to what opened them; errors are told to screen readers;
// the status of a token is written, not only coloured.
import { expect, test } from '@playwright/test';
import { paths } from '../support/app.ts';
import { expectAnnouncedError, expectFocusTrappedIn, tabTo } from '../support/keyboard.ts';
import { dashboardTitle } from '../support/pages.ts';
import { registerThroughApi } from '../support/session.ts';
import { newUser } from '../support/users.ts';

test('sign in, request, copy, inspect, rotate and delete a token by keyboard', async ({
  page,
  request,
  context,
}) => {
  const user = newUser();
  await registerThroughApi(request, user);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const keyboard = page.keyboard;

  await test.step('sign in, after a mistyped email is told', async () => {
    await page.goto(paths.login);
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused();
    await keyboard.type('not-an-email');
    await keyboard.press('Tab');
    await expectAnnouncedError(email, 'Email must be a valid email');
    await tabTo(page, email, { backwards: true });
    await keyboard.press('ControlOrMeta+A');
    await keyboard.type(user.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await keyboard.type(user.password);
    await keyboard.press('Enter');
    await expect(dashboardTitle(page, user.firstName)).toBeVisible();
  });

  await test.step('request a live token for football and hockey', async () => {
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'New API Client' }));
    await keyboard.press('Enter');
    const nickname = page.getByLabel('Token Nickname');
    await expect(nickname).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Submit Request' }));
    await keyboard.press('Enter');
    await expect(nickname).toBeFocused();
    await expectAnnouncedError(nickname, 'Token Nickname is not allowed to be empty');
    await expectAnnouncedError(page.getByRole('checkbox', { name: 'Football', exact: true }), 'Sport');

    await keyboard.type('Scores widget');
    await tabTo(page, page.getByRole('checkbox', { name: 'Live Feed' }));
    await keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name: 'Football', exact: true }));
    await keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name: 'Hockey', exact: true }));
    await keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Live Feed' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Football', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Hockey', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Baseball', exact: true })).not.toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Submit Request' }));
    await keyboard.press('Enter');
  });

  await test.step('copy the secret and go back to the dashboard', async () => {
    await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeFocused();
    const secret = await page.getByRole('textbox', { name: 'Client Secret' }).inputValue();
    await tabTo(page, page.getByRole('button', { name: 'Copy Client Secret' }));
    await keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Client Secret copied' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await tabTo(page, page.getByRole('button', { name: 'Go to Dashboard' }));
    await keyboard.press('Enter');
  });

  const row = page.getByRole('table').getByRole('row', { name: /Scores widget/ });
  await test.step('the token is listed with its status in words; open it', async () => {
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await tabTo(page, row);
    await keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'API Token Details' })).toBeVisible();
  });

  await test.step('rotate it: the dialog holds focus, Escape gives it back to the Rotate button', async () => {
    const rotate = page.getByRole('main').getByRole('button', { name: 'Rotate', exact: true });
    await tabTo(page, rotate);
    await keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rotate Token' });
    // The grace choice comes first, before Cancel and Rotate.
    await expect(dialog.getByRole('radio', { name: 'Immediately' })).toBeFocused();
    await keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Rotate' })).toBeFocused();
    await expectFocusTrappedIn(page, dialog);
    await keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rotate).toBeFocused();

    await keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: 'Rotate' }));
    await keyboard.press('Enter');
    await expect(dialog.getByText('Token rotated successfully. New token details are below')).toBeVisible();
    await expectFocusTrappedIn(page, dialog);
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
    await keyboard.press('Enter');
    // The new secret was not copied: the app asks first, and the keyboard answers.
    const question = page.getByRole('dialog', { name: 'Leave without copying the secret?' });
    await tabTo(page, question.getByRole('button', { name: 'Leave anyway' }));
    await keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
  });

  await test.step('delete it from the dashboard, after changing their mind once', async () => {
    const remove = page.getByRole('button', { name: 'Delete Scores widget' });
    await tabTo(page, remove);
    await keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete Token' });
    await expectFocusTrappedIn(page, dialog);
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();

    await keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
    await keyboard.press('Enter');
    await expect(page.getByText('Scores widget Client Credential deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No API Tokens Found' })).toBeVisible();
  });
});
