import { ERROR_CODES, MESSAGES } from '@datafeeds/domain';
import { auth, callName, system, tokens, users } from '@datafeeds/domain/calls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { answer, mockCalls } from '@/testing/call-doubles';
import { makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { rateLimited, serviceUnavailable, unauthorized } from '@/testing/server-errors';
import { call } from './api-client';
import { FetchError, HttpError, ParseError, TimeoutError } from './api-errors';
import { getToken, onSessionEnd, setToken } from './auth/session-store';

afterEach(() => {
  vi.useRealTimers();
});

const credentials = { email: 'ada@example.com', password: 'secret-password' };

describe('call', () => {
  it('sends the bearer token and a JSON body', async () => {
    const token = fakeJwt(900);
    setToken(token);
    const user = makeUser();
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines Ltd',
      phone: '5551234567',
    };
    const { calls } = mockCalls(answer(users.createUser, { status: 201, body: user }));
    await expect(call(users.createUser, { body: profile })).resolves.toEqual(user);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual(profile);
  });

  it('url-encodes query parameters', async () => {
    const { calls } = mockCalls(answer(users.checkEmailRegistered, { body: { emailRegistered: false } }));
    await call(users.checkEmailRegistered, { query: { email: 'a+b@example.com' } });
    expect(calls[0]?.url).toBe(`${users.checkEmailRegistered.path}?email=a%2Bb%40example.com`);
  });

  it('logs the user out on a 401 from any request', async () => {
    setToken(fakeJwt(900));
    const sessionEnded = vi.fn();
    onSessionEnd(sessionEnded);
    mockCalls(answer(tokens.getClients, unauthorized()));
    await expect(call(tokens.getClients)).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not treat the login call’s 401 (wrong credentials) as a logout', async () => {
    const token = fakeJwt(900);
    setToken(token);
    mockCalls(
      answer(auth.login, {
        status: 401,
        body: { error: ERROR_CODES.invalidCredentials, message: MESSAGES.loginFailed },
      }),
    );
    await expect(call(auth.login, { body: credentials })).rejects.toMatchObject({
      status: 401,
      code: ERROR_CODES.invalidCredentials,
    });
    expect(getToken()).toBe(token);
  });

  it('classifies an HTTP failure with the server’s error body and Retry-After', async () => {
    const tooMany = rateLimited(30);
    mockCalls(answer(auth.login, tooMany));
    const error = await call(auth.login, { body: credentials }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 30, data: tooMany.body });
  });

  it('classifies an unreachable server as a fetch error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call(system.config)).rejects.toBeInstanceOf(FetchError);
  });

  it('classifies an unreadable answer as a parsing error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>oops</html>', { status: 200 })));
    await expect(call(system.config)).rejects.toBeInstanceOf(ParseError);
  });

  it('classifies a server that does not answer in time as a timeout error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(call(system.config, {}, { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('refreshes a token that expires within a minute before sending the request', async () => {
    setToken(fakeJwt(30));
    const fresh = fakeJwt(900);
    const { calls } = mockCalls(
      answer(auth.refresh, { body: { token: fresh } }),
      answer(users.getUser, { body: makeUser() }),
    );
    await call(users.getUser);
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      callName(auth.refresh),
      callName(users.getUser),
    ]);
    expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getToken()).toBe(fresh);
  });

  it('shares one refresh between concurrent requests', async () => {
    setToken(fakeJwt(10));
    const { callsTo } = mockCalls(
      answer(auth.refresh, { body: { token: fakeJwt(900) } }),
      answer(users.getUser, { body: makeUser() }),
      answer(tokens.getClients, { body: { clients: [] } }),
    );
    await Promise.all([call(users.getUser), call(tokens.getClients)]);
    expect(callsTo(auth.refresh)).toHaveLength(1);
  });

  it('logs out when the refresh is refused', async () => {
    setToken(fakeJwt(10));
    mockCalls(answer(auth.refresh, unauthorized()), answer(users.getUser, unauthorized()));
    await expect(call(users.getUser)).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBeNull();
  });
});

/** The customer's session as the transport's source (auth/customer-session.ts): 401 → renewal → one more try. */
describe('call after a 401', () => {
  it('ends the session at once when nobody renewed the refused token (spec §7), spending no refresh cookie', async () => {
    setToken(fakeJwt(900));
    const { calls } = mockCalls(answer(users.getUser, unauthorized()));
    await expect(call(users.getUser)).rejects.toMatchObject({ status: 401 });
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([callName(users.getUser)]);
    expect(getToken()).toBeNull();
  });

  it('tries once more with the token another tab has renewed meanwhile', async () => {
    setToken(fakeJwt(900));
    const renewed = fakeJwt(1800);
    // The other tab stored its token; this tab's storage event has not arrived yet.
    localStorage.setItem(STORAGE_KEYS.accessToken, renewed);
    const { callsTo } = mockCalls(
      answer(users.getUser, (request) =>
        request.headers.get('Authorization') === `Bearer ${renewed}` ? { body: makeUser() } : unauthorized(),
      ),
    );
    await expect(call(users.getUser)).resolves.toEqual(makeUser());
    expect(callsTo(users.getUser)).toHaveLength(2);
    expect(callsTo(auth.refresh)).toEqual([]);
    expect(getToken()).toBe(renewed);
  });

  it('renews a due token through the refresh cookie after a 401 and tries once more', async () => {
    const expiring = fakeJwt(30);
    setToken(expiring);
    const fresh = fakeJwt(900);
    let refreshes = 0;
    const { callsTo } = mockCalls(
      // The renewal before the request fails (the server is briefly away); the one after the 401 works.
      answer(auth.refresh, () => (++refreshes === 1 ? serviceUnavailable() : { body: { token: fresh } })),
      answer(users.getUser, (request) =>
        request.headers.get('Authorization') === `Bearer ${fresh}` ? { body: makeUser() } : unauthorized(),
      ),
    );
    await expect(call(users.getUser)).resolves.toEqual(makeUser());
    expect(callsTo(users.getUser).map((request) => request.headers.get('Authorization'))).toEqual([
      `Bearer ${expiring}`,
      `Bearer ${fresh}`,
    ]);
    expect(getToken()).toBe(fresh);
  });

  it('tries once more only: a renewed token refused again ends the session', async () => {
    setToken(fakeJwt(900));
    localStorage.setItem(STORAGE_KEYS.accessToken, fakeJwt(1800));
    const sessionEnded = vi.fn();
    onSessionEnd(sessionEnded);
    const { callsTo } = mockCalls(answer(users.getUser, unauthorized()));
    await expect(call(users.getUser)).rejects.toMatchObject({ status: 401 });
    expect(callsTo(users.getUser)).toHaveLength(2);
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('sends the token on a public call too, and its 401 (wrong credentials) renews nothing', async () => {
    const token = fakeJwt(900);
    setToken(token);
    const { calls } = mockCalls(
      answer(auth.login, {
        status: 401,
        body: { error: ERROR_CODES.invalidCredentials, message: MESSAGES.loginFailed },
      }),
    );
    await expect(call(auth.login, { body: credentials })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(getToken()).toBe(token);
  });
});
