// Signed-in users without the sign-up form, for the specs whose story starts after registration. The
// calls are the ones the app makes — register, then (when asked) the token of the emailed verification
// link — and the session lands where the app keeps it: the access token in localStorage under the app's
// key, the refresh cookie (httpOnly, sent only to /refresh) in the browser's cookie jar, where the
// registration's answer put it. The app reads both when it loads, so the next page is signed in.
// Only the specs about registration itself fill in the form (epic-stack: tests/playwright-utils.ts).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { RegisterInput, TokenResponse } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { STORAGE_KEYS, paths, searchParams } from './app.ts';
import { linkFromEmail } from './mailbox.ts';
import { dashboardTitle } from './pages.ts';
import { newUser, type NewUser } from './users.ts';

export interface AccountOptions {
  /** Follow the verification email, as a user who opened the link; unverified by default, as after sign-up. */
  verified?: boolean;
}

export interface SignedInUser extends NewUser {
  /** The access token the app holds, for the API calls a spec makes on the user's behalf. */
  bearer: string;
}

async function verifyEmailThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const link = await linkFromEmail(request, email, paths.verifyEmail);
  const verified = await request.post(auth.verifyEmail.path, {
    data: { token: link.searchParams.get(searchParams.verificationToken) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

async function registerAndAnswer(
  request: APIRequestContext,
  user: NewUser,
  { verified = false }: AccountOptions,
) {
  const registration: RegisterInput = {
    ...user,
    userHasAgreedToTermsOfService: true,
    userHasReadPrivacyPolicy: true,
  };
  const registered = await request.post(auth.register.path, { data: registration });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as TokenResponse;
  if (verified) await verifyEmailThroughApi(request, user.email);
  return { bearer: token, origin: new URL(registered.url()).origin };
}

/** Creates the account through the API, leaving every browser as it was; returns the access token. */
export async function registerThroughApi(
  request: APIRequestContext,
  user: NewUser,
  options: AccountOptions = {},
): Promise<string> {
  return (await registerAndAnswer(request, user, options)).bearer;
}

/**
 * Registers `user` through the API of the page's browser context (whose cookie jar receives the refresh
 * cookie), stores the access token as the app does, and opens the dashboard: the user is signed in.
 */
export async function signUp(
  page: Page,
  user: NewUser = newUser(),
  options: AccountOptions = {},
): Promise<SignedInUser> {
  const context = page.context();
  const { bearer, origin } = await registerAndAnswer(context.request, user, options);
  const { cookies } = await context.storageState();
  await context.setStorageState({
    cookies,
    origins: [{ origin, localStorage: [{ name: STORAGE_KEYS.accessToken, value: bearer }] }],
  });
  await page.goto(paths.dashboard);
  await expect(dashboardTitle(page, user.firstName)).toBeVisible();
  return { ...user, bearer };
}
