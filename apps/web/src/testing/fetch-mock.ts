// A fetch stand-in for unit tests: answers by "METHOD path" and records every call. End-to-end tests
// use the real server instead.
import { vi } from 'vitest';
import { assertServerAnswer } from './server-answers';

export interface MockAnswer {
  status?: number;
  body?: unknown;
  /** A body sent as is, not as JSON (a CSV file); give its Content-Type in `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

type Handler = MockAnswer | ((request: RecordedRequest) => MockAnswer);

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

function jsonResponse({ status = 200, body, text, headers = {} }: MockAnswer): Response {
  if (text !== undefined) return new Response(text, { status, headers });
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Routes are keyed "GET /api/GetUser"; the query string is ignored for matching. A success answer must
 * be what the server answers to that call (server-answers.ts): checked here for fixed answers, and when
 * called for computed ones.
 */
export function mockFetch(routes: Record<string, Handler>) {
  for (const [route, handler] of Object.entries(routes))
    if (typeof handler !== 'function') assertServerAnswer(route, handler.status ?? 200, handler.body);
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const route = `${method} ${url.split('?')[0]}`;
    const handler = routes[route];
    if (handler === undefined)
      return jsonResponse({
        status: 404,
        body: { error: 'not_found', message: `No mock for ${method} ${url}` },
      });
    const answer = typeof handler === 'function' ? handler(request) : handler;
    assertServerAnswer(route, answer.status ?? 200, answer.body);
    return jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.url.split('?')[0] === path),
  };
}
