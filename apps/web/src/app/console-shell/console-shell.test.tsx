import * as staffConsole from '@datafeeds/domain/calls/console';
import * as companies from '@datafeeds/domain/calls/console-companies';
import { ERROR_CODES } from '@datafeeds/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { serviceUnavailable } from '@/testing/server-errors';
import { installScreenWidth } from '@/testing/match-media';
import { preloadRoutes, renderApp } from '@/testing/render';
import { getStaffToken } from '@/lib/console/staff-session';
import { config, overview, signInStaff, staffMe } from '@/testing/console-doubles';

const overviewAnswer = answer(companies.getConsoleOverview, { body: overview });

/** The navigation's entries, in order. */
function navEntries(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

// The console's chunk is read from disk once, before the first test's time starts.
beforeAll(() => preloadRoutes('/console/queues', '/console/login'));

describe('console shell', () => {
  it('sends to the console sign-in without a staff session', async () => {
    mockCalls(
      config,
      answer(staffConsole.consoleRefresh, {
        status: 401,
        body: { error: ERROR_CODES.unauthorized, message: 'Sign in again.' },
      }),
    );
    const { history } = renderApp('/console/companies?status=trial');
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/login');
  });

  it('keeps the member on the console when the server cannot answer the renewal, and asks again', async () => {
    let renewals = 0;
    const { callsTo } = mockCalls(
      config,
      answer(staffConsole.consoleRefresh, () =>
        (renewals += 1) === 1 ? serviceUnavailable() : { body: { token: 'renewed-token' } },
      ),
      staffMe('admin'),
      overviewAnswer,
    );
    const { history } = renderApp('/console');
    expect(await screen.findByText(/Your staff session could not be checked/)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('admin@datafeeds.example (admin)')).toBeInTheDocument();
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(2);
    expect(getStaffToken()).toBe('renewed-token');
  });

  it('shows the member, the role and every screen to an admin', async () => {
    signInStaff();
    mockCalls(config, staffMe('admin'), overviewAnswer);
    renderApp('/console');
    expect(await screen.findByText('admin@datafeeds.example (admin)')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(navEntries(nav)).toEqual([
      'Overview',
      'Companies',
      'Queues',
      'Verifier keys',
      'Email outbox',
      'Plans',
      'Staff',
      'Staff trail',
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/console/staff');
    expect(within(nav).getByRole('link', { name: 'Email outbox' })).toHaveAttribute(
      'href',
      '/console/outbox',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });

  it('leaves the staff list out for support', async () => {
    signInStaff();
    mockCalls(config, staffMe('support'), overviewAnswer);
    renderApp('/console');
    await screen.findByText('support@datafeeds.example (support)');
    expect(navEntries(screen.getByRole('navigation', { name: 'Console' }))).not.toContain('Staff');
  });

  it('navigates between screens inside the shell', async () => {
    signInStaff();
    mockCalls(
      config,
      staffMe('admin'),
      overviewAnswer,
      answer(companies.getConsoleQueues, { body: { upgradeRequests: [], tokensUnderReview: [] } }),
    );
    const { history } = renderApp('/console');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await userEvent.click(screen.getByRole('link', { name: 'Queues' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Queues' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/queues');
    expect(screen.getByRole('link', { name: 'Queues' })).toHaveAttribute('aria-current', 'page');
  });

  it('lets a keyboard skip the app bar and the navigation to the screen', async () => {
    signInStaff();
    mockCalls(config, staffMe('admin'), overviewAnswer);
    renderApp('/console');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const target = document.querySelector(skip.getAttribute('href') ?? '#none');
    expect(target).toBe(screen.getByRole('main'));
    expect(target).toContainElement(screen.getByRole('heading', { level: 1, name: 'Overview' }));
    expect(target).toHaveAttribute('tabindex', '-1');
  });

  it('says when the console has no page at an address', async () => {
    signInStaff();
    mockCalls(config, staffMe('admin'));
    renderApp('/console/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the overview' })).toHaveAttribute('href', '/console');
  });

  it.each([360, 900])('opens the navigation from a menu button on a %i px screen', async (width) => {
    installScreenWidth(width);
    signInStaff();
    mockCalls(
      config,
      staffMe('admin'),
      overviewAnswer,
      answer(companies.getConsoleQueues, { body: { upgradeRequests: [], tokensUnderReview: [] } }),
    );
    const { history } = renderApp('/console');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByText('Signed in as admin@datafeeds.example (admin)')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Queues' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Queues' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/queues');
  });

  it('keeps the navigation beside the page from 1200 px up', async () => {
    installScreenWidth(1200);
    signInStaff();
    mockCalls(config, staffMe('admin'), overviewAnswer);
    renderApp('/console');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('signs out through the console logout and forgets the staff token', async () => {
    signInStaff();
    const { callsTo } = mockCalls(
      config,
      staffMe('support'),
      overviewAnswer,
      answer(staffConsole.consoleLogout, { status: 204 }),
    );
    const { history } = renderApp('/console');
    await screen.findByText('support@datafeeds.example (support)');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/login');
    expect(callsTo(staffConsole.consoleLogout)).toHaveLength(1);
    expect(getStaffToken()).toBeNull();
  });
});
