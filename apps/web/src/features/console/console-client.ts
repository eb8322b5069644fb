// The console's own way to the API (design §11): the staff access token lives here, in memory, apart
// from the customer's session store, and is renewed with the console refresh cookie. A staff session
// and a customer session never share a token, a cookie or a 401.
import { ERROR_CODES } from '@datafeeds/domain';
import type { CallAnswer, CallDefinition, CallInput } from '@datafeeds/domain/calls';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { FetchError, HttpError } from '@/lib/api-errors';

let staffToken: string | null = null;
/** Why the session ended without the member signing out (a disabled account), for the sign-in page. */
let signedOutReason: string | null = null;
const listeners = new Set<() => void>();

export function getStaffToken(): string | null {
  return staffToken;
}

/** Keeps the staff access token; `reason` says why a session ended by itself (staffSignedOutReason). */
export function setStaffToken(token: string | null, reason: string | null = null): void {
  staffToken = token;
  signedOutReason = token === null ? reason : null;
  listeners.forEach((listener) => listener());
}

/**
 * The API's sentence for why the console's session ended by itself (design §11 "Ways back": the member
 * was disabled while a tab was open), or null; a new sign-in forgets it.
 */
export function staffSignedOutReason(): string | null {
  return signedOutReason;
}

export function onStaffTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function send(contract: CallDefinition, input: Partial<CallInput<CallDefinition>> | undefined) {
  const headers = new Headers({ Accept: 'application/json' });
  if (input?.body !== undefined) headers.set('Content-Type', 'application/json');
  if (staffToken !== null && contract.access.kind === 'staff')
    headers.set('Authorization', `Bearer ${staffToken}`);
  const query = input?.query
    ? `?${new URLSearchParams(Object.entries(input.query as Record<string, string>)).toString()}`
    : '';
  try {
    return await fetch(`${contract.path}${query}`, {
      method: contract.method,
      headers,
      body: input?.body === undefined ? undefined : JSON.stringify(input.body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new FetchError('The server could not be reached.', { cause: error });
  }
}

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new HttpError(
      response.status,
      body,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return body as T;
}

let refreshing: Promise<boolean> | null = null;

/** Renews the staff access token from the console refresh cookie; false when there is no session. */
export function refreshStaffSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const tokens = await answerOf<CallAnswer<typeof staffConsole.consoleRefresh>>(
        await send(staffConsole.consoleRefresh, undefined),
      );
      setStaffToken(tokens.token);
      return true;
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401) throw error;
      setStaffToken(null, error.code === ERROR_CODES.staffDisabled ? (error.data?.message ?? null) : null);
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Makes a console call. A staff call refused with 401 is tried once more after a refresh (the access
 * token is short-lived, the session is not); a second 401 ends the staff session.
 */
export async function consoleCall<Call extends CallDefinition>(
  contract: Call,
  input?: CallInput<Call>,
): Promise<CallAnswer<Call>> {
  let response = await send(contract, input);
  if (response.status === 401 && contract.access.kind === 'staff') {
    if (await refreshStaffSession()) response = await send(contract, input);
    // A refused refresh has already ended the session, with its reason.
    if (response.status === 401 && staffToken !== null) setStaffToken(null);
  }
  return answerOf<CallAnswer<Call>>(response);
}
