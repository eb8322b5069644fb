// One HTTP exchange of a call (design §1 "One contract per call"), with no session around it: the
// bearer token it is given, JSON in and out, a timeout, and every failure classified (spec §8,
// ../api-errors.ts) with Retry-After read. A 401 here is only an HttpError: what it means for a
// session is the transport's business (./transport.ts). The refresh calls themselves use this alone.
import type { CallAnswer, CallDefinition, CallInput } from '@datafeeds/domain/calls';
import { FetchError, HttpError, ParseError, TimeoutError } from '../api-errors';

const DEFAULT_TIMEOUT_MS = 15_000;

/** What a caller may add to a call: cancellation, and a longer wait for a slow answer. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function urlOf(path: string, query: object | undefined): string {
  if (query === undefined) return path;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null);
  return `${path}?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}`;
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

/** Makes `contract`'s call once, with `token` as its bearer (none when null). */
export async function httpCall<Call extends CallDefinition>(
  contract: Call,
  input: Partial<CallInput<Call>> | undefined,
  token: string | null,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: CallOptions = {},
): Promise<CallAnswer<Call>> {
  const body: unknown = input?.body;
  const headers = new Headers({ Accept: contract.file ? '*/*' : 'application/json' });
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
  const timeout = (error: unknown) =>
    new TimeoutError('The server did not answer in time.', { cause: error });

  try {
    let response: Response;
    try {
      response = await fetch(urlOf(contract.path, input?.query as object | undefined), {
        method: contract.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw timeout(error);
      if (signal?.aborted) throw error;
      throw new FetchError('The server could not be reached.', { cause: error });
    }
    let payload: unknown;
    try {
      if (contract.file && response.ok) return (await response.blob()) as CallAnswer<Call>;
      payload = await readBody(response);
    } catch (error) {
      throw timedOut ? timeout(error) : error;
    }
    if (!response.ok) throw new HttpError(response.status, payload, parseRetryAfter(response));
    return payload as CallAnswer<Call>;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
