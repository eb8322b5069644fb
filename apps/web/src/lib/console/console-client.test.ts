import { ERROR_CODES } from '@datafeeds/domain';
import { STAFF_MESSAGES } from '@datafeeds/domain/staff';
import { users } from '@datafeeds/domain/calls';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { describe, expect, it, vi } from 'vitest';
import { call } from '@/lib/api-client';
import { FetchError, HttpError, ParseError, TimeoutError } from '@/lib/api-errors';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { fakeJwt } from '@/testing/jwt';
import { serviceUnavailable } from '@/testing/server-errors';
import { consoleCall } from './console-client';
import { getStaffToken, setStaffToken, staffSignedOutReason } from './staff-session';

const staff = { id: 'staff-1', email: 'ada@datafeeds.example', role: 'admin' } as const;
const expired = { error: ERROR_CODES.unauthorized, message: 'Sign in again.' };

describe('console client', () => {
  it('sends the staff token, never the customer’s', async () => {
    setToken('customer-token');
    setStaffToken('staff-token');
    const { callsTo } = mockCalls(answer(staffConsole.getStaffMe, { body: staff }));
    await expect(consoleCall(staffConsole.getStaffMe)).resolves.toEqual(staff);
    expect(callsTo(staffConsole.getStaffMe)[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('renews an expired staff token from the refresh cookie once and tries again', async () => {
    setStaffToken('old-token');
    const { callsTo } = mockCalls(
      answer(staffConsole.getStaffMe, (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? { body: staff }
          : { status: 401, body: expired },
      ),
      answer(staffConsole.consoleRefresh, { body: { token: 'new-token' } }),
    );
    await expect(consoleCall(staffConsole.getStaffMe)).resolves.toEqual(staff);
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(1);
    expect(callsTo(staffConsole.getStaffMe)).toHaveLength(2);
    expect(getStaffToken()).toBe('new-token');
  });

  it('ends the staff session when the refresh cookie is refused', async () => {
    setStaffToken('old-token');
    mockCalls(
      answer(staffConsole.getStaffMe, { status: 401, body: expired }),
      answer(staffConsole.consoleRefresh, { status: 401, body: expired }),
    );
    await expect(consoleCall(staffConsole.getStaffMe)).rejects.toMatchObject({ status: 401 });
    expect(getStaffToken()).toBeNull();
  });

  it('keeps the reason a disabled member’s session ended, for the sign-in page', async () => {
    setStaffToken('old-token');
    mockCalls(
      answer(staffConsole.getStaffMe, { status: 401, body: expired }),
      answer(staffConsole.consoleRefresh, {
        status: 401,
        body: { error: ERROR_CODES.staffDisabled, message: STAFF_MESSAGES.signedOutDisabled },
      }),
    );
    await expect(consoleCall(staffConsole.getStaffMe)).rejects.toMatchObject({ status: 401 });
    expect(getStaffToken()).toBeNull();
    expect(staffSignedOutReason()).toBe(STAFF_MESSAGES.signedOutDisabled);
  });

  it('tries once more only: a renewed token refused again ends the session', async () => {
    setStaffToken('old-token');
    const { callsTo } = mockCalls(
      answer(staffConsole.getStaffMe, { status: 401, body: expired }),
      answer(staffConsole.consoleRefresh, { body: { token: 'new-token' } }),
    );
    await expect(consoleCall(staffConsole.getStaffMe)).rejects.toMatchObject({ status: 401 });
    expect(callsTo(staffConsole.getStaffMe).map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(1);
    expect(getStaffToken()).toBeNull();
  });

  it('shares one renewal between calls refused together', async () => {
    setStaffToken('old-token');
    const { callsTo } = mockCalls(
      answer(staffConsole.getStaffMe, (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? { body: staff }
          : { status: 401, body: expired },
      ),
      answer(staffConsole.consoleRefresh, { body: { token: 'new-token' } }),
    );
    await Promise.all([consoleCall(staffConsole.getStaffMe), consoleCall(staffConsole.getStaffMe)]);
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(1);
  });

  it('sends no staff token on a call the staff session does not own (sign-in)', async () => {
    setStaffToken('staff-token');
    const { callsTo } = mockCalls(answer(staffConsole.consoleLogin, { body: { token: 'next-token' } }));
    await consoleCall(staffConsole.consoleLogin, {
      body: { email: 'ada@datafeeds.example', password: 'a-long-password', code: '123456' },
    });
    expect(callsTo(staffConsole.consoleLogin)[0]?.headers.get('Authorization')).toBeNull();
  });
});

/**
 * The failures a console call meets are classified as the customer's (spec §8): both go through the one
 * transport. Each case runs for a customer call and for a console call.
 */
describe.each([
  {
    app: 'customer',
    signIn: () => setToken(fakeJwt(900)),
    contract: users.getUser,
    send: () => call(users.getUser),
  },
  {
    app: 'console',
    signIn: () => setStaffToken('staff-token'),
    contract: staffConsole.getStaffMe,
    send: () => consoleCall(staffConsole.getStaffMe),
  },
])('a $app call', ({ signIn, contract, send }) => {
  it('that gets no answer in time fails with a timeout error', async () => {
    signIn();
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    const failure = send().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await failure).toBeInstanceOf(TimeoutError);
  });

  it('answered 503 with Retry-After fails with the status and the wait', async () => {
    signIn();
    mockCalls(answer(contract, serviceUnavailable()));
    await expect(send()).rejects.toMatchObject({ status: 503, retryAfterSeconds: 5 });
  });

  it('reads a Retry-After given as a date', async () => {
    signIn();
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    mockCalls(answer(contract, { ...serviceUnavailable(), headers: { 'Retry-After': inTwoMinutes } }));
    const error = await send().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).retryAfterSeconds).toBeGreaterThan(110);
  });

  it('answered with something that is not JSON fails with a parsing error', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>proxy</html>', { status: 200 })));
    await expect(send()).rejects.toBeInstanceOf(ParseError);
  });

  it('that cannot reach the server fails with a fetch error', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(send()).rejects.toBeInstanceOf(FetchError);
  });
});
