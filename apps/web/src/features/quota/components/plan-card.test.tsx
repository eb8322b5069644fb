import { account } from '@datafeeds/domain/calls';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { internalError, makeQuota, makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { localTimeToday, mockQuotaApi } from '../testing/quota-api';
import { LIMIT_REACHED_TEXT, PLAN_LOAD_FAILED, UPGRADE_LIFTS_LIMITS } from './quota-texts';

async function openPlanCard() {
  renderApp('/dashboard');
  const card = await screen.findByRole('region', { name: 'Your plan' });
  await within(card).findByRole('heading', { level: 2 });
  return card;
}

const bar = (card: HTMLElement) => within(card).getByRole('progressbar');
const trialAt = (usedToday: number, more: Parameters<typeof makeQuota>[0] = {}) =>
  makeQuota({ plan: { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 }, usedToday, ...more });

describe('the plan card on the dashboard', () => {
  it("shows the plan, today's requests of its quota, when the count resets and the rate", async () => {
    // Half an hour over, so the "in 3 hours" the test reads holds while it runs.
    const resetsAt = new Date(Date.now() + 3.5 * 3600_000).toISOString();
    mockQuotaApi({ quota: trialAt(1234, { resetsAt }) });
    const card = await openPlanCard();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Trial$/);
    expect(card).toHaveTextContent('1,234 of 10,000 requests today');
    expect(within(card).getByText('Resets in 3 hours')).toHaveAttribute('datetime', resetsAt);
    expect(card).toHaveTextContent('Up to 10 requests a second');
    expect(bar(card)).toHaveAccessibleName("Today's requests: 12% of the daily quota");
    expect(bar(card)).toHaveAttribute('aria-valuenow', '12');
  });

  it('keeps the bar in the primary colour up to 79 %, without a forecast when there is none', async () => {
    mockQuotaApi({ quota: trialAt(7999) });
    const card = await openPlanCard();
    expect(bar(card)).toHaveAccessibleName("Today's requests: 79% of the daily quota");
    expect(bar(card)).toHaveClass('MuiLinearProgress-colorPrimary');
    expect(card).not.toHaveTextContent('At this rate');
    expect(card).not.toHaveTextContent(LIMIT_REACHED_TEXT);
  });

  it('turns the bar amber at 80 % and tells when the quota runs out at this rate', async () => {
    mockQuotaApi({ quota: trialAt(8000, { forecastExhaustedAt: localTimeToday(18, 40) }) });
    const card = await openPlanCard();
    expect(bar(card)).toHaveAccessibleName("Today's requests: 80% of the daily quota");
    expect(bar(card)).toHaveClass('MuiLinearProgress-colorWarning');
    expect(card).toHaveTextContent('At this rate you reach the limit at 18:40');
    expect(card).not.toHaveTextContent(LIMIT_REACHED_TEXT);
  });

  it('turns it red at 100 %, says requests are refused and offers a trial company the upgrade', async () => {
    mockQuotaApi({
      user: makeUser({ companyAccountStatus: 'trial', role: 'owner' }),
      quota: trialAt(10_000, { forecastExhaustedAt: localTimeToday(18, 40) }),
    });
    const card = await openPlanCard();
    expect(card).toHaveTextContent('10,000 of 10,000 requests today');
    expect(bar(card)).toHaveAccessibleName("Today's requests: 100% of the daily quota");
    expect(bar(card)).toHaveClass('MuiLinearProgress-colorError');
    expect(card).toHaveTextContent(LIMIT_REACHED_TEXT);
    expect(LIMIT_REACHED_TEXT).toBe("You have reached today's limit. Requests are refused until it resets.");
    // The limit is reached: a forecast of it would say nothing.
    expect(card).not.toHaveTextContent('At this rate');
    expect(card).toHaveTextContent(UPGRADE_LIFTS_LIMITS);
    await userEvent.click(within(card).getByRole('button', { name: 'Upgrade To Paid Account' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade Account' })).toBeInTheDocument();
  });

  it('offers a paid company no upgrade at 100 %', async () => {
    mockQuotaApi({
      user: makeUser({ companyAccountStatus: 'paid' }),
      quota: makeQuota({ plan: { name: 'gold', dailyQuota: 500, ratePerSecond: 5 }, usedToday: 512 }),
    });
    const card = await openPlanCard();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Gold$/);
    expect(card).toHaveTextContent('512 of 500 requests today');
    expect(card).toHaveTextContent(LIMIT_REACHED_TEXT);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(UPGRADE_LIFTS_LIMITS);
  });

  it('says an unlimited plan is unlimited, with the requests of today and its rate', async () => {
    mockQuotaApi({
      user: makeUser({ companyAccountStatus: 'paid' }),
      quota: makeQuota({
        plan: { name: 'standard', dailyQuota: null, ratePerSecond: 50 },
        usedToday: 123_456,
      }),
    });
    const card = await openPlanCard();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Standard$/);
    expect(card).toHaveTextContent('Unlimited requests per day');
    expect(card).toHaveTextContent('123,456 requests today');
    expect(card).toHaveTextContent('Up to 50 requests a second');
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Resets');
  });

  it('says when a plan has no rate limit', async () => {
    mockQuotaApi({
      quota: makeQuota({ plan: { name: 'unbounded', dailyQuota: null, ratePerSecond: null }, usedToday: 1 }),
    });
    const card = await openPlanCard();
    expect(card).toHaveTextContent('1 request today');
    expect(card).toHaveTextContent('No rate limit');
  });

  it('shows a placeholder while the quota loads', async () => {
    mockQuotaApi();
    const answerOthers = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), 'http://localhost').pathname === account.getQuota.path
        ? new Promise<Response>(() => {})
        : answerOthers(input, init),
    );
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(card).getByRole('status')).toHaveTextContent('Loading your plan');
  });

  it('reports a failed load inside the card, the rest of the dashboard working on, and tries again', async () => {
    const { callsTo } = mockQuotaApi({ getQuota: internalError });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(card).findByText(PLAN_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
    expect(await screen.findByText('No API Tokens Found')).toBeInTheDocument();
    // The banner stays away: the card says what there is to say.
    expect(screen.getAllByRole('alert').filter((alert) => !card.contains(alert))).toEqual([]);
    const asked = callsTo(account.getQuota).length;
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(callsTo(account.getQuota).length).toBe(asked + 1));
  });
});
