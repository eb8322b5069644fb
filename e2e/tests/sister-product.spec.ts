// A user of the sister product already has an identity (imported by the operator command before the
// server started); they set a password through the one-time link, sign in, and complete their
// profile on /welcome before reaching the dashboard.
import { expect, test } from '@playwright/test';
import { atPath, paths } from '../support/app.ts';
import { linkFromEmail } from '../support/mailbox.ts';
import { dashboardTitle, logIn, resetPasswordThroughLink } from '../support/pages.ts';
import { SISTER_IDENTITY } from '../support/sister-identities.ts';

test('a sister-product identity completes its profile on /welcome', async ({ page, request }) => {
  const password = 'sister-password-1';

  const link = await linkFromEmail(request, SISTER_IDENTITY.email, paths.resetPassword);
  await resetPasswordThroughLink(page, link, password);

  await logIn(page, SISTER_IDENTITY.email, password);
  await expect(page).toHaveURL(atPath(paths.welcome));

  await page.getByLabel('First Name').fill('grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Company Name').fill('Compiler Works');
  await page.getByLabel('Phone').fill('123');
  await page.getByLabel('Phone').blur();
  await expect(page.getByText('Phone length must be at least 10 characters long')).toBeVisible();
  await page.getByLabel('Phone').fill('6135550199');
  await page.getByRole('button', { name: /save|continue|submit|complete/i }).click();
  await expect(page.getByText('Profile Update Successful!')).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.dashboard), { timeout: 5_000 });
  await expect(dashboardTitle(page, 'grace')).toBeVisible();

  await page.goto(paths.welcome);
  await expect(page).toHaveURL(atPath(paths.dashboard));
});
