// Every screen at phone, tablet and desktop widths: nothing scrolls sideways, even with long names and
// a dozen tokens; the sidebar collapses by itself on small screens; the tokens table turns compact;
// dialogs fit on a 360 px phone; copying still works where the browser refuses the Clipboard API.
import { expect, test, type Page } from '@playwright/test';
import { paths, searchParams, withQuery } from '../support/app.ts';
import {
  LG,
  MD,
  SIDEBAR_WIDTH,
  SMALLEST_PHONE,
  WIDTHS,
  expectNoSidewaysScroll,
  expectWithinViewport,
  resizeTo,
} from '../support/layout.ts';
import { signInFirstTime } from '../support/pages.ts';
import { signUp } from '../support/session.ts';
import { SISTER_IDENTITIES_FOR_CHECKS } from '../support/sister-identities.ts';
import { closeWithoutCopying, createTokensThroughApi, fillTokenRequest } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

const UNBROKEN_NICKNAME = 'ScoresWidgetForTheOfficialMobileApplication';

async function expectFitsEveryWidth(page: Page, screen: string): Promise<void> {
  for (const width of WIDTHS) {
    await resizeTo(page, width);
    await expectNoSidewaysScroll(page, screen);
  }
}

/** Signed in, still unverified (the dashboard's banner names the long address), with long details. */
function signUpWithLongDetails(page: Page) {
  const user = newUser({
    companyName: 'Analytical Engines, Difference Machines and Other Calculating Devices of London Ltd',
  });
  user.email = `ada.augusta.king.countess.of.lovelace.${user.username}@analytical-engines-of-london.example.com`;
  return signUp(page, user);
}

test('the public pages fit every width', async ({ page }) => {
  for (const path of [
    paths.login,
    paths.register,
    paths.forgotPassword,
    withQuery(paths.resetPassword, { [searchParams.resetToken]: 'x' }),
    withQuery(paths.verifyEmail, { [searchParams.verificationToken]: 'x' }),
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsEveryWidth(page, path);
  }
  await page.goto(paths.forgotPassword);
  await page
    .getByLabel('Email')
    .fill(`${'a-rather-long-mailbox-name'.repeat(2)}@analytical-engines-of-london.example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('button', { name: 'Return to Login' })).toBeVisible();
  await expectFitsEveryWidth(page, 'forgot-password confirmation for a long address');

  await page.goto(paths.register);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First Name is not allowed to be empty')).toBeVisible();
  await expectFitsEveryWidth(page, 'register with errors');
});

test('the welcome page fits every width', async ({ page }) => {
  await signInFirstTime(page, SISTER_IDENTITIES_FOR_CHECKS.layout, 'sister-password-layout');
  await expectFitsEveryWidth(page, paths.welcome);
});

test('the sidebar collapses by itself below md and offers collapse and expand from md up', async ({
  page,
}) => {
  await signUpWithLongDetails(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const collapse = nav.getByRole('button', { name: 'Collapse sidebar' });
  const expand = nav.getByRole('button', { name: 'Expand sidebar' });
  // The width animates after the resize or click has re-rendered the shell: wait for where it ends.
  const expectNavWidth = (width: number) =>
    expect.poll(async () => (await nav.boundingBox())?.width).toBe(width);
  for (const width of WIDTHS) {
    await resizeTo(page, width);
    if (width < MD) {
      await expect(collapse).toHaveCount(0);
      await expect(expand).toHaveCount(0);
      await expectNavWidth(SIDEBAR_WIDTH.collapsed);
      continue;
    }
    await expectNavWidth(SIDEBAR_WIDTH.open);
    await collapse.click();
    await resizeTo(page, width);
    await expectNavWidth(SIDEBAR_WIDTH.collapsed);
    await expectNoSidewaysScroll(page, 'collapsed sidebar');
    await expand.click();
    await resizeTo(page, width);
    await expectNavWidth(SIDEBAR_WIDTH.open);
  }
});

test('the signed-in screens fit every width with long names and a dozen tokens', async ({
  page,
  request,
}) => {
  const user = await signUpWithLongDetails(page);
  const labels = Array.from({ length: 12 }, (_, index) => `Token ${index + 1}`);
  labels.push(
    'ScoresWidgetForTheOfficialMobileApplication',
    'A token with a very long nickname for the club app',
  );
  const ids = await createTokensThroughApi(request, user.bearer, labels);

  await page.goto(paths.dashboard);
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByLabel('Show all').check();
  for (const width of WIDTHS) {
    await resizeTo(page, width);
    await expectNoSidewaysScroll(page, 'dashboard with 14 tokens');
    const compactColumn = page.getByRole('columnheader', { name: 'API Token' });
    if (width < LG) await expect(compactColumn).toBeVisible();
    else await expect(page.getByRole('columnheader', { name: 'Created Date' })).toBeVisible();
  }

  for (const path of [
    paths.profile,
    paths.client(ids.at(-1) ?? ''),
    paths.client(ids.at(-2) ?? ''),
    paths.client('unknown'),
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsEveryWidth(page, path);
  }

  await page.goto(paths.createClient);
  await fillTokenRequest(page, {
    label: 'A token with a very long nickname for the club app',
    timings: ['Live Feed', 'Pre Game', 'Post Game'],
    sports: ['Football', 'Hockey', 'Golf', 'College Basketball'],
  });
  await expectFitsEveryWidth(page, 'filled token request');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
  await expectFitsEveryWidth(page, 'new token result');
});

test('dialogs fit on a 360 px phone', async ({ page, request }) => {
  const user = await signUpWithLongDetails(page);
  await createTokensThroughApi(request, user.bearer, [
    UNBROKEN_NICKNAME,
    'A token with a very long nickname for the club app',
  ]);
  await page.goto(paths.dashboard);
  await resizeTo(page, SMALLEST_PHONE);
  const dialog = page.getByRole('dialog');
  for (const opener of [
    'Delete A token with a very long nickname for the club app',
    'Rotate A token with a very long nickname for the club app',
    'Upgrade To Paid Account',
  ]) {
    await page.getByRole('button', { name: opener }).click();
    await resizeTo(page, SMALLEST_PHONE);
    await expectWithinViewport(page, dialog, `the dialog of '${opener}'`);
    await expectNoSidewaysScroll(page, `the dialog of '${opener}'`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await page
    .getByRole('button', { name: 'Rotate A token with a very long nickname for the club app' })
    .click();
  await dialog.getByRole('button', { name: 'Rotate' }).click();
  await expect(dialog.getByText('Token rotated successfully. New token details are below')).toBeVisible();
  await resizeTo(page, SMALLEST_PHONE);
  await expectWithinViewport(page, dialog, 'the rotated credentials');
  await expectNoSidewaysScroll(page, 'the rotated credentials');
  await closeWithoutCopying(page, dialog);

  await page.getByRole('button', { name: `Delete ${UNBROKEN_NICKNAME}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${UNBROKEN_NICKNAME} Client Credential deleted successfully`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the deletion message');
});

test.describe('copying where the browser refuses the Clipboard API', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Refused', 'NotAllowedError'));
    });
    await signUpWithLongDetails(page);
    await page.goto(paths.createClient);
    await resizeTo(page, SMALLEST_PHONE);
    await fillTokenRequest(page, { label: 'Scores widget', timings: ['Post Game'], sports: ['Football'] });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
  });

  test('the older copy command still copies the secret', async ({ page }) => {
    const secret = await page.getByRole('textbox', { name: 'Client Secret' }).inputValue();
    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Client Secret copied' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  });

  test('without any way to copy, the secret is selected for a manual copy', async ({ page }) => {
    await page.evaluate(() => {
      document.execCommand = () => false;
    });
    const field = page.getByRole('textbox', { name: 'Client Secret' });
    const secret = await field.inputValue();
    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    await expect(
      page.getByText('Your browser did not allow copying. The Client Secret is selected'),
    ).toBeVisible();
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLTextAreaElement) =>
        input.value.slice(input.selectionStart, input.selectionEnd),
      ),
    ).toBe(secret);
    await expectNoSidewaysScroll(page, 'the manual-copy message');
  });
});
