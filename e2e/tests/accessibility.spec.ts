// Every screen and dialog, in light and dark mode, has no axe-core violations (WCAG 2.1 A and AA plus
// best practice): the design's quality bar, checked in real Chromium against the real server.
import { expect, test, type Page } from '@playwright/test';
import { genericMessages } from '@datafeeds/domain';
import { axeViolations, expectAccessibleInBothModes } from '../support/accessibility.ts';
import { tokens, users } from '@datafeeds/domain/calls';
import { paths, searchParams, withQuery } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { signInFirstTime } from '../support/pages.ts';
import { signUp } from '../support/session.ts';
import { SISTER_IDENTITIES_FOR_CHECKS } from '../support/sister-identities.ts';
import { closeWithoutCopying, createTokensThroughApi, fillTokenRequest } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

/** Set by the provider team on the tokens after the first, which stays pending (email unverified). */
const STATUSES = ['active', 'expired', 'review', 'inactive'] as const;
const PHONE_LENGTH_MESSAGE = genericMessages.min('Phone', 10);

// The check itself can fail: axe, injected as the checks inject it, reports faults planted in a page
// (it found the same ones as @axe-core/playwright, which it replaced).
test('the check reports an image without a text alternative and low-contrast text', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>Planted</title><main><h1>Planted faults</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<p style="color:#bbb;background:#fff">Faint words</p></main></html>',
  );
  const found = (await axeViolations(page)).map(
    ({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' '))}`,
  );
  expect(found.sort()).toEqual(['color-contrast: p', 'image-alt: img']);
});

test('the public pages', async ({ page }) => {
  for (const path of [
    paths.login,
    paths.register,
    paths.forgotPassword,
    withQuery(paths.resetPassword, { [searchParams.resetToken]: 'x' }),
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleInBothModes(page, path);
  }

  await page.goto(withQuery(paths.verifyEmail, { [searchParams.verificationToken]: 'x' }));
  // The refusal, not the spinner shown while the link is checked: axe would wait on its animation.
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessibleInBothModes(page, 'verify-email with an unknown token');

  await page.goto(paths.register);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First Name is not allowed to be empty')).toBeVisible();
  await expectAccessibleInBothModes(page, 'register with validation errors');

  await page.goto(paths.forgotPassword);
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('button', { name: 'Return to Login' })).toBeVisible();
  await expectAccessibleInBothModes(page, 'forgot-password confirmation');
});

test('the welcome page of a sister-product identity', async ({ page }) => {
  await signInFirstTime(page, SISTER_IDENTITIES_FOR_CHECKS.accessibility, 'sister-password-a11y');
  await expectAccessibleInBothModes(page, paths.welcome);

  await page.getByLabel('First Name').fill('A');
  await page.getByLabel('Phone').fill('123');
  await page.getByLabel('Phone').blur();
  await expect(page.getByText(PHONE_LENGTH_MESSAGE)).toBeVisible();
  await expectAccessibleInBothModes(page, `${paths.welcome} with validation errors`);
});

const signUpAccessibleAnalytics = (page: Page) =>
  signUp(page, newUser({ companyName: 'Accessible Analytics Incorporated' }));

test('the signed-in screens and the token request with its dialogs', async ({ page }) => {
  await signUpAccessibleAnalytics(page);
  await expect(page.getByRole('heading', { name: 'No API Tokens Found' })).toBeVisible();
  await expectAccessibleInBothModes(page, 'empty dashboard');

  await page.goto(paths.profile);
  await expect(page.getByRole('heading', { name: 'Manage Profile' })).toBeVisible();
  await expectAccessibleInBothModes(page, paths.profile);

  await page.goto(paths.client('unknown'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothModes(page, 'token not found');

  await page.goto(paths.createClient);
  await expect(page.getByRole('heading', { name: 'New Token Request' })).toBeVisible();
  await expectAccessibleInBothModes(page, 'empty token request');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('checkbox', { name: 'Football', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessibleInBothModes(page, 'token request with validation errors');
  await fillTokenRequest(page, {
    label: 'Scores widget',
    timings: ['Live Feed', 'Pre Game'],
    sports: ['Football', 'Hockey'],
  });
  await expectAccessibleInBothModes(page, 'filled token request');

  // A dropped connection is the one failure a healthy server cannot be asked for.
  await page.route(`**${tokens.createClient.path}`, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('dialog', { name: 'Failed to create Client' })).toBeVisible();
  await expectAccessibleInBothModes(page, "'Failed to create Client' dialog");
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.unroute(`**${tokens.createClient.path}`);

  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
  await expectAccessibleInBothModes(page, 'new token result');
  await page.getByRole('button', { name: 'Request another token' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without copying the secret?' })).toBeVisible();
  await expectAccessibleInBothModes(page, "'Leave without copying' dialog");
  await page.getByRole('button', { name: 'Stay and copy' }).click();
});

test('the dashboard with a token in every status, its dialogs and the token details', async ({
  page,
  request,
}) => {
  const user = await signUpAccessibleAnalytics(page);
  // One token in each status, so every status chip's colours are checked.
  const [, ...others] = await createTokensThroughApi(request, user.bearer, [
    'Odds feed',
    'Stats',
    'Expired feed',
    'Reviewed feed',
    'Disabled feed',
  ]);
  for (const [id, status] of others.map((id, index) => [id, STATUSES[index]] as const))
    await operator('set-token-status', id, status ?? 'active');
  await page.goto(paths.dashboard);
  await expect(page.getByRole('table').getByText('Active (Under Review)')).toBeVisible();
  await expectAccessibleInBothModes(page, 'dashboard with tokens');

  for (const [opener, dialog] of [
    ['Delete Stats', 'Delete Token'],
    ['Rotate Stats', 'Rotate Token'],
    ['Upgrade To Paid Account', 'Upgrade Account'],
  ] as const) {
    await page.getByRole('button', { name: opener }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await expectAccessibleInBothModes(page, `${dialog} dialog`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Rotate Odds feed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
  await expect(page.getByText('Token rotated successfully. New token details are below')).toBeVisible();
  await expectAccessibleInBothModes(page, 'rotated token dialog');
  await closeWithoutCopying(page, page.getByRole('dialog', { name: 'Rotate Token' }));

  await page.getByRole('table').getByRole('cell', { name: 'Stats', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'API Token Details' })).toBeVisible();
  await expectAccessibleInBothModes(page, 'token details');

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expectAccessibleInBothModes(page, 'collapsed sidebar');
});

test('forms with their errors, the profile failure dialog and an error snackbar', async ({
  page,
  request,
}) => {
  const user = await signUp(page);

  await page.goto(paths.profile);
  await page.getByLabel('First Name').fill('A');
  await page.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expectAccessibleInBothModes(page, `${paths.profile} with validation errors`);

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('New Password', { exact: true }).fill('');
  await page.route(`**${users.updateUser.path}`, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Failed to update profile' })).toBeVisible();
  await expectAccessibleInBothModes(page, "'Failed to update profile' dialog");
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  await createTokensThroughApi(request, user.bearer, ['Odds feed']);
  await page.goto(paths.dashboard);
  await page.route(`**${tokens.deleteClient.path}`, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Delete Odds feed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^Failed to delete Odds feed/)).toBeVisible();
  await expectAccessibleInBothModes(page, 'error snackbar');
});
