import { CONSOLE_MESSAGES, CONSOLE_REFUSALS, type ConsoleQueues, type StaffRole } from '@datafeeds/domain';
import * as companies from '@datafeeds/domain/calls/console-companies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, mockCalls, type CallDouble } from '@/testing/call-doubles';
import { preloadRoutes, renderApp } from '@/testing/render';
import { COMPANY_ID, config, OTHER_COMPANY_ID, plans, signInStaff, staffMe } from '@/testing/console-doubles';

// The console's chunk is read from disk once, before the first test's time starts.
beforeAll(() => preloadRoutes('/console/queues'));

const QUEUES: ConsoleQueues = {
  upgradeRequests: [
    {
      companyId: COMPANY_ID,
      companyName: 'Acme Odds',
      plan: 'trial',
      requestedAt: '2026-11-20T10:00:00.000Z',
      requesterEmail: 'owner@acme.example',
    },
  ],
  tokensUnderReview: [
    {
      clientId: 'dfc_ReviewToken00000000000',
      label: 'Scores feed',
      companyId: OTHER_COMPANY_ID,
      companyName: 'Betting Bros',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

async function openQueues(role: StaffRole, ...doubles: CallDouble[]) {
  signInStaff();
  const mocked = mockCalls(
    config,
    staffMe(role),
    plans,
    answer(companies.getConsoleQueues, { body: QUEUES }),
    ...doubles,
  );
  renderApp('/console/queues');
  await screen.findByRole('heading', { level: 1, name: 'Queues' });
  await screen.findByRole('table', { name: 'Upgrade requests' });
  return mocked;
}

describe('console queues', () => {
  it('lists the upgrade requests and the tokens under review with links to their companies', async () => {
    await openQueues('admin');
    const upgrades = screen.getByRole('table', { name: 'Upgrade requests' });
    expect(within(upgrades).getByRole('link', { name: 'Acme Odds' })).toHaveAttribute(
      'href',
      `/console/companies/${COMPANY_ID}`,
    );
    expect(within(upgrades).getByText('owner@acme.example')).toBeInTheDocument();
    const reviews = screen.getByRole('table', { name: 'Tokens under review' });
    expect(within(reviews).getByRole('link', { name: 'Betting Bros' })).toHaveAttribute(
      'href',
      `/console/companies/${OTHER_COMPANY_ID}`,
    );
    expect(within(reviews).getByText('Scores feed')).toBeInTheDocument();
    expect(within(reviews).getByText('dfc_ReviewToken00000000000')).toBeInTheDocument();
    // The overview's link to the reviews lands on this section.
    expect(document.getElementById('reviews')).toContainElement(reviews);
  });

  it('approves an upgrade on the standard plan unless another is chosen, and reloads the queues', async () => {
    const message = CONSOLE_MESSAGES.upgradeApproved('Acme Odds', 'standard');
    const { callsTo } = await openQueues('admin', answer(companies.approveUpgrade, { body: { message } }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve upgrade of Acme Odds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the upgrade' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.approveUpgrade)[0]?.body).toEqual({ companyId: COMPANY_ID, plan: 'standard' });
    await waitFor(() => expect(callsTo(companies.getConsoleQueues)).toHaveLength(2));
  });

  it("ends a token's review", async () => {
    const message = CONSOLE_MESSAGES.reviewEnded('Scores feed');
    const { callsTo } = await openQueues('admin', answer(companies.endTokenReview, { body: { message } }));
    await userEvent.click(screen.getByRole('button', { name: 'End review of Scores feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End review' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.endTokenReview)[0]?.body).toEqual({ clientId: 'dfc_ReviewToken00000000000' });
  });

  it('shows support both actions disabled, with the reason', async () => {
    await openQueues('support');
    const approve = screen.getByRole('button', { name: 'Approve upgrade of Acme Odds' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(CONSOLE_REFUSALS.approveUpgrade);
    const endReview = screen.getByRole('button', { name: 'End review of Scores feed' });
    expect(endReview).toBeDisabled();
    expect(endReview).toHaveAccessibleDescription(CONSOLE_REFUSALS.endTokenReview);
    // Said once above each table, not under every row's button.
    expect(screen.getAllByText(CONSOLE_REFUSALS.approveUpgrade)).toHaveLength(1);
  });

  it('says when a queue is empty', async () => {
    signInStaff();
    mockCalls(
      config,
      staffMe('admin'),
      answer(companies.getConsoleQueues, { body: { upgradeRequests: [], tokensUnderReview: [] } }),
    );
    renderApp('/console/queues');
    expect(await screen.findByText('No upgrade request is waiting.')).toBeInTheDocument();
    expect(screen.getByText('No token is under review.')).toBeInTheDocument();
  });
});
