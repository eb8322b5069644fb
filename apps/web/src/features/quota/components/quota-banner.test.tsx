import { account } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '@/lib/auth/session-store';
import { internalError, makeClientId, makeQuota, makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { mockQuotaApi } from '../testing/quota-api';
import { quotaExhaustedText } from './quota-texts';

const usedToday = (count: number, more: Parameters<typeof makeQuota>[0] = {}) =>
  makeQuota({ plan: { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 }, usedToday: count, ...more });

/** Another signed-in page than the dashboard, which asks for nothing but the user. */
async function openProfile() {
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Manage Profile' });
  return rendered;
}

const WARNING = /of today's requests\./;
const EXHAUSTED = /Today's request limit is reached/;

const originalTimeZone = process.env.TZ;

/** The reader's clock: a time zone (Node reads TZ afresh when it changes) and the time now. */
function inTimeZone(timeZone: string, now: string) {
  process.env.TZ = timeZone;
  vi.useFakeTimers({ now: Date.parse(now), toFake: ['Date'] });
}

afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
  vi.useRealTimers();
});

describe('the quota banner on every signed-in page', () => {
  it('is not there below 80 %', async () => {
    mockQuotaApi({ quota: usedToday(7999) });
    const { queryClient } = await openProfile();
    await waitFor(() => expect(queryClient.getQueryState(['quota'])?.status).toBe('success'));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns in amber from 80 %, with a link to the plan, politely', async () => {
    mockQuotaApi({ quota: usedToday(8400) });
    const { history } = await openProfile();
    const banner = (await screen.findByText("You have used 84% of today's requests.")).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(banner).toHaveClass('MuiAlert-standardWarning');
    await userEvent.click(screen.getByRole('link', { name: 'See your plan' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    // On the dashboard the plan card is right there: no link to it.
    await screen.findByRole('region', { name: 'Your plan' });
    expect(screen.getByText("You have used 84% of today's requests.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See your plan' })).not.toBeInTheDocument();
  });

  it('may be dismissed at 80 %: it stays away on the other pages and after a reload of the app', async () => {
    mockQuotaApi({ quota: usedToday(8000) });
    const first = await openProfile();
    await screen.findByText(WARNING);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    first.unmount();

    renderApp('/dashboard');
    await screen.findByText('8,000 of 10,000 requests today');
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('turns red at 100 %, says until when in UTC and on the reader’s clock, and cannot be dismissed', async () => {
    // 10:00 in Los Angeles: the UTC day ends at 16:00 there.
    inTimeZone('America/Los_Angeles', '2026-12-05T18:00:00.000Z');
    mockQuotaApi({ quota: usedToday(10_000, { resetsAt: '2026-12-06T00:00:00.000Z' }) });
    await openProfile();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      "Today's request limit is reached: the data feed refuses requests until midnight UTC (16:00 your time).",
    );
    expect(banner).toHaveClass('MuiAlert-standardError');
    expect(banner).toHaveTextContent('See your plan');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('says when the reset falls on the reader’s next day, and names UTC midnight in a zone ahead of it', () => {
    inTimeZone('America/Los_Angeles', '2026-12-06T05:00:00.000Z'); // 21:00 on Dec 5 there
    expect(quotaExhaustedText('2026-12-07T00:00:00.000Z')).toBe(
      "Today's request limit is reached: the data feed refuses requests until midnight UTC (16:00 tomorrow, your time).",
    );
    inTimeZone('Asia/Tokyo', '2026-12-06T17:00:00.000Z'); // 02:00 on Dec 7 there
    expect(quotaExhaustedText('2026-12-07T00:00:00.000Z')).toBe(
      "Today's request limit is reached: the data feed refuses requests until midnight UTC (09:00 your time).",
    );
  });

  it('offers a trial’s owner the upgrade at 80 %', async () => {
    mockQuotaApi({ quota: usedToday(8400) });
    await openProfile();
    const banner = (await screen.findByText(WARNING)).closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByRole('button', { name: 'Upgrade To Paid Account' })).toBeInTheDocument();
  });

  it('shows the others at 80 % the token using the most, where its cap is set', async () => {
    const busiest = makeClientId('busiesttoken');
    mockQuotaApi({
      user: makeUser({ role: 'admin' }),
      quota: usedToday(8400, {
        tokens: [
          { clientId: makeClientId('quiettoken01'), usedToday: 400, dailyCap: null },
          { clientId: busiest, usedToday: 8000, dailyCap: null },
        ],
      }),
    });
    await openProfile();
    const banner = (await screen.findByText(WARNING)).closest('[role="status"]') as HTMLElement;
    expect(within(banner).queryByRole('button', { name: 'Upgrade To Paid Account' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'See the token using the most' })).toHaveAttribute(
      'href',
      `/client/${busiest}`,
    );
  });

  it('comes back red at 100 % even after the day’s warning was dismissed', async () => {
    const api = mockQuotaApi({ quota: usedToday(9000) });
    const first = await openProfile();
    await screen.findByText(WARNING);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    first.unmount();
    api.state.quota = usedToday(10_000);
    await openProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent(EXHAUSTED);
  });

  it('says nothing when the quota cannot be loaded', async () => {
    mockQuotaApi({ getQuota: internalError });
    const { queryClient } = await openProfile();
    await waitFor(() => expect(queryClient.getQueryState(['quota'])?.status).toBe('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('is not on the signed-out pages, which do not ask for the quota', async () => {
    const { callsTo } = mockQuotaApi({ quota: usedToday(10_000) });
    endSession();
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByText(EXHAUSTED)).not.toBeInTheDocument();
    expect(callsTo(account.getQuota)).toHaveLength(0);
  });
});
