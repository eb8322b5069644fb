// The signed-in user, asked for as early as a visit can: the entry (main.tsx) starts GetUser when the
// visit opens with a session, beside the download of the screens, and the user query (./user.ts) takes
// that answer the first time it asks. Every signed-in screen waits for the user; asked for by the shell's
// code, GetUser started only after every chunk of the page had arrived (design §7 "The web app's first
// load"). No data cache here: the entry does not ship TanStack Query.
import type { User } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { call } from '../api-client';
import { isHttpError } from '../api-errors';
import { getToken } from './session-store';

/**
 * The signed-in user; `null` for an identity imported from the sister product without a portal profile
 * (GetUser's 404).
 */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await call(users.getUser, {}, { signal });
  } catch (error) {
    if (isHttpError(error, 404)) return null;
    throw error;
  }
}

let early: { token: string; answer: Promise<User | null> } | undefined;

/** Starts GetUser when the visit opens with a session (main.tsx, before the first render). */
export function askForUserEarly(): void {
  const token = getToken();
  if (token === null) return;
  const answer = fetchUser();
  // A failure is the user query's to report; until it takes the answer, nobody else listens.
  answer.catch(() => undefined);
  early = { token, answer };
}

/**
 * The early answer, at most once, and only for the session it was asked for: a sign-out or another
 * sign-in since (a 401 ends the session) makes the query ask again.
 */
export function takeEarlyUser(): Promise<User | null> | undefined {
  const taken = early;
  early = undefined;
  return taken !== undefined && taken.token === getToken() ? taken.answer : undefined;
}
