import { ERROR_CODES } from '@datafeeds/domain';
import { account, tokens, users } from '@datafeeds/domain/calls';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-errors';
import { advanceClock, startFakeClock } from '@/testing/fake-clock';
import { internalError, makeQuota, makeUser } from '@/testing/fixtures';
import { preloadRoutes, renderApp } from '@/testing/render';
import { makeToken, mockQuotaApi } from '../testing/quota-api';
import { QUOTA_REFRESH_MS, QUOTA_SLOWEST_REFRESH_MS, quotaRefreshDelay } from './get-quota';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
function showPage(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  visibility = 'visible';
});
// Test files share a worker's jsdom (vitest.config.ts): the document gets its own property back.
afterAll(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

/** The dashboard at 85 %: both the plan card and the banner read the quota. */
async function openDashboard() {
  startFakeClock();
  await preloadRoutes('/dashboard');
  const api = mockQuotaApi({
    quota: makeQuota({ plan: { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 }, usedToday: 8500 }),
  });
  renderApp('/dashboard');
  await screen.findByText('8,500 of 10,000 requests today');
  await screen.findByText("You have used 85% of today's requests.");
  return api;
}

describe('the quota query', () => {
  it('asks once for the plan card and the banner together, then again every 5 s', async () => {
    const { callsTo, state } = await openDashboard();
    expect(callsTo(account.getQuota)).toHaveLength(1);
    state.quota = { ...state.quota, usedToday: 9100, remainingToday: 900 };
    await advanceClock(QUOTA_REFRESH_MS);
    expect(callsTo(account.getQuota)).toHaveLength(2);
    expect(screen.getByText('9,100 of 10,000 requests today')).toBeInTheDocument();
    expect(screen.getByText("You have used 91% of today's requests.")).toBeInTheDocument();
    await advanceClock(QUOTA_REFRESH_MS);
    expect(callsTo(account.getQuota)).toHaveLength(3);
  });

  it('refreshes every view of the company with it when the plan changed: an upgrade approved elsewhere', async () => {
    startFakeClock();
    await preloadRoutes('/dashboard');
    const { callsTo, state } = mockQuotaApi({
      user: makeUser({ upgradeRequestedAt: '2026-12-01T10:00:00.000Z' }),
      clients: [makeToken()],
      quota: makeQuota({ plan: { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 } }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/^Upgrade requested on/)).toBeInTheDocument();
    const [usersAsked, tokensAsked] = [callsTo(users.getUser).length, callsTo(tokens.getClients).length];

    // The same quota a refresh later changes nothing else.
    await advanceClock(QUOTA_REFRESH_MS);
    expect(callsTo(account.getQuota)).toHaveLength(2);
    expect(callsTo(users.getUser)).toHaveLength(usersAsked);

    state.user = makeUser({ companyAccountStatus: 'paid', upgradeRequestedAt: null });
    state.quota = makeQuota({ plan: { name: 'standard', dailyQuota: null, ratePerSecond: 50 } });
    await advanceClock(QUOTA_REFRESH_MS);
    expect(await screen.findByText('Unlimited requests per day')).toBeInTheDocument();
    await advanceClock(0);
    expect(screen.queryByText(/^Upgrade requested on/)).not.toBeInTheDocument();
    expect(callsTo(users.getUser)).toHaveLength(usersAsked + 1);
    expect(callsTo(tokens.getClients)).toHaveLength(tokensAsked + 1);
  });

  it('rests while the page is hidden and catches up as soon as it shows again', async () => {
    const { callsTo } = await openDashboard();
    showPage('hidden');
    await advanceClock(6 * QUOTA_REFRESH_MS);
    expect(callsTo(account.getQuota)).toHaveLength(1);
    showPage('visible');
    await advanceClock(0);
    expect(callsTo(account.getQuota)).toHaveLength(2);
  });

  it('after a failure asks again later, not at once: 10 s, then 20 s', async () => {
    startFakeClock();
    await preloadRoutes('/dashboard');
    const { callsTo } = mockQuotaApi({ getQuota: internalError });
    renderApp('/dashboard');
    await screen.findByText("Today's use of your plan could not be loaded.");
    expect(callsTo(account.getQuota)).toHaveLength(1);
    await advanceClock(9_000);
    expect(callsTo(account.getQuota)).toHaveLength(1);
    await advanceClock(1_000);
    expect(callsTo(account.getQuota)).toHaveLength(2);
    await advanceClock(19_000);
    expect(callsTo(account.getQuota)).toHaveLength(2);
    await advanceClock(1_000);
    expect(callsTo(account.getQuota)).toHaveLength(3);
  });
});

describe('quotaRefreshDelay', () => {
  const serverError = new HttpError(503, { error: ERROR_CODES.unavailable, message: 'Down' });
  it('is 5 s while answers come, doubling after each failure up to 5 minutes', () => {
    expect(quotaRefreshDelay(0, null)).toBe(5_000);
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => quotaRefreshDelay(failures, serverError))).toEqual([
      10_000,
      20_000,
      40_000,
      80_000,
      160_000,
      QUOTA_SLOWEST_REFRESH_MS,
      QUOTA_SLOWEST_REFRESH_MS,
    ]);
  });

  it('waits at least as long as a 429 asks', () => {
    const tooMany = new HttpError(429, { error: ERROR_CODES.rateLimited, message: 'Slow down' }, 60);
    expect(quotaRefreshDelay(1, tooMany)).toBe(60_000);
  });

  it('stops on a refusal that asking again does not change', () => {
    const notFound = new HttpError(404, { error: ERROR_CODES.notFound, message: 'No such company' });
    expect(quotaRefreshDelay(1, notFound)).toBe(false);
  });
});
