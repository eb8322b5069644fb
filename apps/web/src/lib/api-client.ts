// The one way the app talks to the API. It adds the bearer token, sends JSON, refreshes the token before
// it expires, classifies every failure (spec §8) and is the single place where a 401 ends the session.
import type { CallAnswer, CallDefinition, CallInput } from '@datafeeds/domain/calls';
import { endSession, getToken } from './auth/session-store';
import { refreshIfExpiringSoon } from './auth/token-refresh';
import { FetchError, HttpError, ParseError, TimeoutError } from './api-errors';

const DEFAULT_TIMEOUT_MS = 15_000;

interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Whether a 401 answer ends the session. Off for public calls (sign-in): there a 401 means "wrong
   * credentials", not "your session is over".
   */
  logoutOnUnauthorized?: boolean;
  /** How a successful answer is read: JSON (the default) or a file to save (a CSV export). */
  responseType?: 'json' | 'blob';
  /** Whether an access token about to expire is refreshed first; not for the refresh call itself. */
  refreshFirst?: boolean;
}

function buildUrl(path: string, query: Record<string, string> | undefined): string {
  if (!query) return path;
  return `${path}?${new URLSearchParams(query).toString()}`;
}

function parseRetryAfter(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (response.ok)
      throw new ParseError('The server sent an answer that could not be read.', { cause: error });
    // An error page from a proxy: the status still says what happened.
    return undefined;
  }
}

async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    logoutOnUnauthorized = true,
    responseType = 'json',
    refreshFirst = true,
  } = options;

  if (refreshFirst) await refreshIfExpiringSoon();
  const token = getToken();
  const headers = new Headers({ Accept: responseType === 'json' ? 'application/json' : '*/*' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);

  // One controller serves both the caller's cancellation and our timeout.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new TimeoutError('The server did not answer in time.', { cause: error });
      if (signal?.aborted) throw error;
      throw new FetchError('The server could not be reached.', { cause: error });
    }

    if (response.status === 401 && logoutOnUnauthorized) endSession();

    let payload: unknown;
    try {
      if (responseType === 'blob' && response.ok) return (await response.blob()) as T;
      payload = await readBody(response);
    } catch (error) {
      if (timedOut) throw new TimeoutError('The server did not answer in time.', { cause: error });
      throw error;
    }
    if (!response.ok) throw new HttpError(response.status, payload, parseRetryAfter(response));
    return payload as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** What a caller may add to a call: cancellation, and a longer wait for a slow answer. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Only the refresh call turns this off: it must not wait for itself. */
  refreshFirst?: boolean;
}

type CallArguments<Call extends CallDefinition> =
  Partial<CallInput<Call>> extends CallInput<Call>
    ? [input?: CallInput<Call>, options?: CallOptions]
    : [input: CallInput<Call>, options?: CallOptions];

function queryOf(query: object | undefined): Record<string, string> | undefined {
  if (query === undefined) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/**
 * Makes `contract`'s call (docs/design.md §1 "One contract per call"): its input and answer are the
 * contract's, inferred. A 401 from a public call means wrong credentials (sign-in), not the end of a
 * session, so only the others end it.
 */
export function call<Call extends CallDefinition>(
  contract: Call,
  ...[input, options = {}]: CallArguments<Call>
): Promise<CallAnswer<Call>> {
  return apiRequest<CallAnswer<Call>>(contract.path, {
    method: contract.method,
    body: input?.body,
    query: queryOf(input?.query),
    responseType: contract.file ? 'blob' : 'json',
    logoutOnUnauthorized: contract.access.kind !== 'public',
    ...options,
  });
}
