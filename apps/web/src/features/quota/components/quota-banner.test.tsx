import { account } from '@datafeeds/domain/calls';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endSession } from '@/lib/auth/session-store';
import { internalError, makeQuota } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { mockQuotaApi, nextLocalTime } from '../testing/quota-api';

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

  it('turns red at 100 %, says until when requests are refused, and cannot be dismissed', async () => {
    const resetsAt = nextLocalTime(1, 0);
    mockQuotaApi({ quota: usedToday(10_000, { resetsAt }) });
    await openProfile();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      "Today's request limit is reached: the data feed refuses requests until 01:00.",
    );
    expect(banner).toHaveClass('MuiAlert-standardError');
    expect(banner).toHaveTextContent('See your plan');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
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
