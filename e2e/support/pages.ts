// Steps the specs share, written as a user performs them.
import { expect, type Page } from '@playwright/test';
import { atPath, paths } from './app.ts';
import { linkFromEmail } from './mailbox.ts';
import type { SisterIdentity } from './sister-identities.ts';
import type { NewUser } from './users.ts';

/** Signs up through the form. Only the specs about registration do; the others use session.ts. */
export async function register(page: Page, user: NewUser): Promise<void> {
  await page.goto(paths.register);
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Company Name').fill(user.companyName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Phone').fill(user.phone);
  await page.getByRole('checkbox', { name: /terms of service/i }).check();
  await page.getByRole('checkbox', { name: /privacy policy/i }).check();
  await page.getByRole('button', { name: /sign up|register|create account/i }).click();
  await expect(
    page.getByText('Registration Successful! Please check your email to verify your account.'),
  ).toBeVisible();
}

/** Opens an emailed reset link and chooses a new password through it. */
export async function resetPasswordThroughLink(page: Page, link: URL, password: string): Promise<void> {
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: /reset|save|submit/i }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
}

/** A sister-product identity sets its password through the imported link and signs in: /welcome. */
export async function signInFirstTime(page: Page, identity: SisterIdentity, password: string): Promise<void> {
  const link = await linkFromEmail(page.request, identity.email, paths.resetPassword);
  await resetPasswordThroughLink(page, link, password);
  await logIn(page, identity.email, password);
  await expect(page).toHaveURL(atPath(paths.welcome));
  // The address changes before the welcome screen's code has arrived: checks start once it is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to DataFeeds' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(paths.login);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(atPath(paths.login));
}

/** The dashboard's title: 'Welcome back Ada', or 'Welcome to DataFeeds, Ada' on the first visit after a sign-up. */
export function dashboardTitle(page: Page, firstName: string) {
  const capitalised = firstName.charAt(0).toUpperCase() + firstName.slice(1);
  return page.getByRole('heading', { name: new RegExp(`^Welcome (back|to DataFeeds,) ${capitalised}$`) });
}
