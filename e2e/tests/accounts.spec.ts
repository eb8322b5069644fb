// The account story of a new customer, end to end through the real server and database. The one spec
// that signs up through the form from start to finish; the others start signed in (support/session.ts).
import { expect, test } from '@playwright/test';
import { auth } from '@datafeeds/domain/calls';
import { atPath, paths, searchParams } from '../support/app.ts';
import { linkFromEmail } from '../support/mailbox.ts';
import { dashboardTitle, logIn, logOut, register, resetPasswordThroughLink } from '../support/pages.ts';
import { newUser } from '../support/users.ts';

test('register, verify, log out and in, change the profile, reset the password', async ({
  page,
  request,
}) => {
  const user = newUser();

  await test.step('register and land on the dashboard after 3 seconds', async () => {
    await register(page, user);
    await expect(page).toHaveURL(atPath(paths.home, paths.dashboard), { timeout: 6_000 });
    await expect(dashboardTitle(page, user.firstName)).toBeVisible();
  });

  await test.step('verify the email address through the emailed link', async () => {
    const link = await linkFromEmail(request, user.email, paths.verifyEmail);
    await page.goto(link.pathname + link.search);
    await expect(page.getByText(/email (address )?(has been |is )?verified/i)).toBeVisible();
  });

  await test.step('log out and log back in', async () => {
    await page.goto(paths.dashboard);
    await logOut(page);
    await page.goto(paths.dashboard);
    await expect(page).toHaveURL(atPath(paths.login));
    await logIn(page, user.email, user.password);
    await expect(dashboardTitle(page, user.firstName)).toBeVisible();
  });

  await test.step('change the first name on the profile', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Profile' })).toBeVisible();
    await page.getByLabel('First Name').fill('augusta');
    await page.getByRole('button', { name: /save|update/i }).click();
    await expect(page.getByText('Successfully updated your profile')).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(dashboardTitle(page, 'augusta')).toBeVisible();
  });

  const newPassword = `${user.password}-renewed`;
  await test.step('ask for a reset link and set a new password through it', async () => {
    await logOut(page);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(atPath(paths.forgotPassword));
    // The address changes as the navigation starts; the sign-in page, whose Email field this would
    // fill, stays until the next screen's code is here.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: /send|reset|submit/i }).click();
    await expect(page.getByRole('button', { name: 'Return to Login' })).toBeVisible();

    const link = await linkFromEmail(request, user.email, paths.resetPassword);
    expect(link.searchParams.get(searchParams.resetToken)).toBeTruthy();
    await resetPasswordThroughLink(page, link, newPassword);
    await page.getByRole('button', { name: 'Return to Login' }).click();
    await expect(page).toHaveURL(atPath(paths.login));
  });

  await test.step('the old password no longer works, the new one does', async () => {
    await logIn(page, user.email, user.password);
    await expect(page.getByText('Login Failed. Please check your credentials and try again.')).toBeVisible();
    await logIn(page, user.email, newPassword);
    await expect(dashboardTitle(page, 'augusta')).toBeVisible();
  });

  await test.step('a used reset link does not work twice', async () => {
    const link = await linkFromEmail(request, user.email, paths.resetPassword);
    const reuse = await request.post(auth.resetPassword.path, {
      data: { password: 'another-password', resetToken: link.searchParams.get(searchParams.resetToken) },
    });
    expect(reuse.status()).toBe(400);
  });
});
