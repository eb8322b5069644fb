// Token steps the specs share: request one through the New token screen, or many through the API the
// app itself calls (for data a story needs but does not tell, like a company with twelve tokens).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ClientCredentials } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { STORAGE_KEYS } from './app.ts';
import { registerThroughApi } from './session.ts';
import { newUser, type NewUser } from './users.ts';

export interface TokenForm {
  label: string;
  timings: ('Live Feed' | 'Pre Game' | 'Post Game')[];
  sports: string[];
}

export async function fillTokenRequest(page: Page, form: TokenForm): Promise<void> {
  await page.getByLabel('Token Nickname').fill(form.label);
  for (const timing of form.timings) await page.getByRole('checkbox', { name: timing }).check();
  for (const sport of form.sports) await page.getByRole('checkbox', { name: sport, exact: true }).check();
}

/** The signed-in user's bearer token, as the app keeps it. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
  expect(token).toBeTruthy();
  return token as string;
}

export async function createTokensThroughApi(
  request: APIRequestContext,
  bearer: string,
  labels: string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const label of labels) {
    const response = await request.post(tokens.createClient.path, {
      headers: { authorization: `Bearer ${bearer}` },
      data: { label, apiType: 'rest', liveGame: false, preGame: false, postGame: true, sports: ['nba'] },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { clientId: string }).clientId);
  }
  return ids;
}

/** A live football REST token requested through the API: what the demo feed's NFL live route opens. */
export async function liveFootballToken(
  request: APIRequestContext,
  bearer: string,
  label: string,
): Promise<ClientCredentials> {
  const created = await request.post(tokens.createClient.path, {
    headers: { authorization: `Bearer ${bearer}` },
    data: { label, apiType: 'rest', liveGame: true, preGame: false, postGame: false, sports: ['nfl'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ClientCredentials;
}

export interface CompanyWithToken {
  user: NewUser;
  bearer: string;
  token: ClientCredentials;
}

/**
 * A company whose owner registered and verified through the API and holds a live football token (active,
 * the email being verified): for the stories that start at the console or the feed, not at sign-up.
 */
export async function companyWithLiveToken(
  request: APIRequestContext,
  companyName: string,
  label: string,
): Promise<CompanyWithToken> {
  const user = newUser({ companyName: `${companyName} ${Date.now()}` });
  const bearer = await registerThroughApi(request, user, { verified: true });
  return { user, bearer, token: await liveFootballToken(request, bearer, label) };
}

/**
 * Closes a dialog that shows a new secret the user has not copied: the app asks first ("Leave without
 * copying the secret?") and the user leaves anyway.
 */
export async function closeWithoutCopying(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close' }).click();
  const question = page.getByRole('dialog', { name: 'Leave without copying the secret?' });
  await question.getByRole('button', { name: 'Leave anyway' }).click();
  await expect(dialog).toBeHidden();
}
