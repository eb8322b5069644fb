import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { apiRequest } from './api-client';
import { FetchError, HttpError, ParseError, TimeoutError } from './api-errors';
import { getToken, onSessionEnd, setToken } from './auth/session-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends the bearer token and a JSON body', async () => {
    const token = fakeJwt(900);
    setToken(token);
    const user = makeUser();
    const { calls } = mockFetch({ 'POST /api/CreateUser': { body: user } });
    await expect(
      apiRequest('/api/CreateUser', { method: 'POST', body: { firstName: 'Ada' } }),
    ).resolves.toEqual(user);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ firstName: 'Ada' });
  });

  it('url-encodes query parameters', async () => {
    const { calls } = mockFetch({ 'GET /api/CheckEmailRegistered': { body: { emailRegistered: false } } });
    await apiRequest('/api/CheckEmailRegistered', { query: { email: 'a+b@example.com' } });
    expect(calls[0]?.url).toBe('/api/CheckEmailRegistered?email=a%2Bb%40example.com');
  });

  it('logs the user out on a 401 from any request', async () => {
    setToken(fakeJwt(900));
    const sessionEnded = vi.fn();
    onSessionEnd(sessionEnded);
    mockFetch({
      'GET /api/GetClients': { status: 401, body: { error: 'unauthorized', message: 'Session expired' } },
    });
    await expect(apiRequest('/api/GetClients')).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not treat the login call’s 401 (wrong credentials) as a logout', async () => {
    const token = fakeJwt(900);
    setToken(token);
    mockFetch({
      'POST /api/login': {
        status: 401,
        body: { error: 'invalid_credentials', message: 'Wrong email or password' },
      },
    });
    await expect(
      apiRequest('/api/login', { method: 'POST', body: {}, logoutOnUnauthorized: false }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
    expect(getToken()).toBe(token);
  });

  it('classifies an HTTP failure with the server’s error body and Retry-After', async () => {
    mockFetch({
      'POST /api/login': {
        status: 429,
        body: { error: 'rate_limited', message: 'Slow down' },
        headers: { 'Retry-After': '30' },
      },
    });
    const error = await apiRequest('/api/login', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
      data: { error: 'rate_limited', message: 'Slow down' },
    });
  });

  it('classifies an unreachable server as a fetch error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/config')).rejects.toBeInstanceOf(FetchError);
  });

  it('classifies an unreadable answer as a parsing error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>oops</html>', { status: 200 })));
    await expect(apiRequest('/api/config')).rejects.toBeInstanceOf(ParseError);
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
    await expect(apiRequest('/api/config', { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('refreshes a token that expires within a minute before sending the request', async () => {
    setToken(fakeJwt(30));
    const fresh = fakeJwt(900);
    const { calls } = mockFetch({
      'POST /refresh': { body: { token: fresh } },
      'GET /api/GetUser': { body: makeUser() },
    });
    await apiRequest('/api/GetUser');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /refresh', 'GET /api/GetUser']);
    expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getToken()).toBe(fresh);
  });

  it('shares one refresh between concurrent requests', async () => {
    setToken(fakeJwt(10));
    const { callsTo } = mockFetch({
      'POST /refresh': { body: { token: fakeJwt(900) } },
      'GET /api/GetUser': { body: makeUser() },
      'GET /api/GetClients': { body: { clients: [] } },
    });
    await Promise.all([apiRequest('/api/GetUser'), apiRequest('/api/GetClients')]);
    expect(callsTo('POST', '/refresh')).toHaveLength(1);
  });

  it('logs out when the refresh is refused', async () => {
    setToken(fakeJwt(10));
    mockFetch({
      'POST /refresh': { status: 401, body: { error: 'unauthorized', message: 'Refresh token revoked' } },
      'GET /api/GetUser': { status: 401, body: { error: 'unauthorized', message: 'No session' } },
    });
    await expect(apiRequest('/api/GetUser')).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBeNull();
  });
});
