import * as companies from '@datafeeds/domain/calls/console-companies';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { preloadRoutes, renderApp } from '@/testing/render';
import { config, overview, signInStaff, staffMe } from '@/testing/console-doubles';

// The console's chunk is read from disk once, before the first test's time starts.
beforeAll(() => preloadRoutes('/console', '/console/login'));

describe('console overview', () => {
  it('links each count to the list it counts', async () => {
    signInStaff();
    mockCalls(config, staffMe('support'), answer(companies.getConsoleOverview, { body: overview }));
    renderApp('/console');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const link = async (name: RegExp) => screen.findByRole('link', { name });
    expect(await link(/^Trial companies 12$/)).toHaveAttribute('href', '/console/companies?status=trial');
    expect(await link(/^Paid companies 7$/)).toHaveAttribute('href', '/console/companies?status=paid');
    expect(await link(/^Suspended companies 1$/)).toHaveAttribute(
      'href',
      '/console/companies?status=suspended',
    );
    expect(await link(/^Trials ending within 7 days 3$/)).toHaveAttribute(
      'href',
      '/console/companies?trialEndingSoon=true',
    );
    expect(await link(/^Upgrade requests 2$/)).toHaveAttribute('href', '/console/queues#upgrades');
    expect(await link(/^Tokens under review 4$/)).toHaveAttribute('href', '/console/queues#reviews');
    expect(await link(/^Failed emails 5$/)).toHaveAttribute('href', '/console/outbox');
  });

  it('shows emails still being tried after a refusal beside those given up on, each linked to its list', async () => {
    signInStaff();
    mockCalls(config, staffMe('support'), answer(companies.getConsoleOverview, { body: overview }));
    renderApp('/console');
    const failing = await screen.findByRole('link', { name: /^Failing emails 6$/ });
    expect(failing).toHaveAttribute('href', '/console/outbox?status=pending');
    expect(failing).toHaveAccessibleDescription(
      'Still being tried: the mail server refused the last attempt.',
    );
    expect(screen.getByRole('link', { name: /^Failed emails 5$/ })).toHaveAccessibleDescription(
      'Given up on: sent only if retried.',
    );
  });

  it("shows today's verifications and refusals as figures, saying what they count", async () => {
    signInStaff();
    mockCalls(config, staffMe('support'), answer(companies.getConsoleOverview, { body: overview }));
    renderApp('/console');
    const today = await screen.findByRole('list', { name: 'Today (UTC)' });
    expect(within(today).getByText('Verifications admitted today').nextSibling).toHaveTextContent('15,230');
    expect(within(today).getByText('Verifications refused today').nextSibling).toHaveTextContent('42');
    expect(
      within(today).getAllByText("Over every company since midnight UTC. A company's page shows its own."),
    ).toHaveLength(2);
    // No page lists every company's verifications: the figures are not links.
    expect(within(today).queryAllByRole('link')).toHaveLength(0);
  });

  it('offers to try again when the counts could not be loaded', async () => {
    signInStaff();
    mockCalls(config, staffMe('support'), answer(companies.getConsoleOverview, { status: 503 }));
    renderApp('/console');
    expect(await screen.findByText(/The overview could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
