import { auth } from '@datafeeds/domain/calls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { fakeJwt } from '@/testing/jwt';
import { unauthorized } from '@/testing/server-errors';
import { getToken, setToken } from './session-store';
import { REFRESH_MARGIN_MS, refreshIfExpiringSoon, startTokenRefreshTimer } from './token-refresh';
import { STORAGE_KEYS } from '@/config/storage-keys';

afterEach(() => {
  vi.useRealTimers();
});

describe('token refresh timer', () => {
  it('refreshes the token a minute before it expires, then schedules the next one', async () => {
    vi.useFakeTimers();
    setToken(fakeJwt(120));
    const fresh = fakeJwt(900);
    const { callsTo } = mockCalls(answer(auth.refresh, { body: { token: fresh } }));
    const stop = startTokenRefreshTimer();

    await vi.advanceTimersByTimeAsync(120_000 - REFRESH_MARGIN_MS - 5_000);
    expect(callsTo(auth.refresh)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsTo(auth.refresh)).toHaveLength(1);
    expect(getToken()).toBe(fresh);

    stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(callsTo(auth.refresh)).toHaveLength(1);
  });

  it('does nothing while signed out', async () => {
    vi.useFakeTimers();
    const { calls } = mockCalls();
    const stop = startTokenRefreshTimer();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(0);
    stop();
  });
});

describe('refreshing with several tabs open', () => {
  it('takes the token another tab just stored instead of spending the used refresh cookie', async () => {
    setToken(fakeJwt(30));
    const fromOtherTab = fakeJwt(900);
    // The other tab refreshed and stored its token; this tab's storage event has not arrived yet.
    localStorage.setItem(STORAGE_KEYS.accessToken, fromOtherTab);
    const { calls } = mockCalls(answer(auth.refresh, unauthorized()));

    await refreshIfExpiringSoon();

    expect(calls).toHaveLength(0);
    expect(getToken()).toBe(fromOtherTab);
  });

  it('refreshes when the stored token is the same expiring one', async () => {
    const expiring = fakeJwt(30);
    setToken(expiring);
    const fresh = fakeJwt(900);
    const { callsTo } = mockCalls(answer(auth.refresh, { body: { token: fresh } }));

    await refreshIfExpiringSoon();

    expect(callsTo(auth.refresh)).toHaveLength(1);
    expect(getToken()).toBe(fresh);
  });
});
