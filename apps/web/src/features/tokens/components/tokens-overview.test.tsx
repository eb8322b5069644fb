import { TOKEN_STATUSES, TOKEN_STATUS_LABELS, emptyScope, formatDate } from '@datafeeds/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { internalError, makeClientId, makeUser } from '@/testing/fixtures';
import {
  holdGetClients,
  makeClient,
  mockTokensApi,
  openDashboard,
  tableBodyRows,
  tableHeaders,
} from '../testing/tokens-api';
import { EMPTY_HEADING, EMPTY_TEXT, PAID_ACCOUNT_NOTE } from './tokens-empty-state';
import { TOKENS_HEADING, TOKENS_SUBTITLE } from './tokens-overview';

const trialUser = makeUser({ firstName: 'ada', companyAccountStatus: 'trial' });
const paidUser = makeUser({ firstName: 'ada', companyAccountStatus: 'paid' });

describe('dashboard token list', () => {
  it('shows the heading, subtitle, both buttons and every column of a trial account', async () => {
    mockTokensApi({ user: trialUser, clients: [makeClient()] });
    await openDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: TOKENS_HEADING })).toBeInTheDocument();
    expect(TOKENS_HEADING).toBe('API Tokens');
    expect(screen.getByText(TOKENS_SUBTITLE)).toBeInTheDocument();
    expect(TOKENS_SUBTITLE).toBe('View the status of your DataFeeds API Tokens below');
    expect(screen.getByRole('button', { name: 'Upgrade To Paid Account' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: TOKENS_HEADING });
    expect(within(section).getByRole('link', { name: 'New API Token' })).toHaveAttribute(
      'href',
      '/create-client',
    );
    expect(tableHeaders()).toEqual([
      '',
      'Created Date',
      'Client ID',
      'Description',
      'Nickname',
      'Status',
      'Expiry Date',
      'Action',
    ]);
  });

  it('hides the upgrade button and the Expiry Date column from a paid account', async () => {
    mockTokensApi({ user: paidUser, clients: [makeClient()] });
    await openDashboard();
    await screen.findByRole('heading', { level: 2, name: TOKENS_HEADING });
    expect(tableHeaders()).not.toContain('Expiry Date');
    expect(tableHeaders()).toContain('Status');
    expect(screen.queryByRole('button', { name: 'Upgrade To Paid Account' })).not.toBeInTheDocument();
  });

  it('shows each token: dates, short id, description lines, nickname and status label', async () => {
    const client = makeClient({
      id: makeClientId('abcdeftail12345'),
      label: 'Scores app',
      scope: { ...emptyScope(), nflLive: true, nfl: true, mlbLive: true, mlb: true, nbaPreGame: true },
      expiredAt: '2026-04-01T12:00:00.000Z',
    });
    mockTokensApi({ user: trialUser, clients: [client] });
    await openDashboard();
    const [row] = await waitFor(() => tableBodyRows());
    const cells = within(row!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 7)).toEqual([
      formatDate(client.createdAt),
      '…12345',
      'Real Time: NFL, MLBPost-Game: NFL, MLBPre-Game: NBA',
      'Scores app',
      'Active',
      formatDate(client.expiredAt),
    ]);
    const lines = within(row!)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual(['Real Time: NFL, MLB', 'Post-Game: NFL, MLB', 'Pre-Game: NBA']);
  });

  it('names every status in words', async () => {
    mockTokensApi({
      user: paidUser,
      clients: TOKEN_STATUSES.map((status) => makeClient({ status, expiredAt: null })),
    });
    await openDashboard();
    await userEvent.selectOptions(await screen.findByLabelText('Rows per page'), '10');
    for (const status of TOKEN_STATUSES) {
      expect(screen.getByText(TOKEN_STATUS_LABELS[status])).toBeInTheDocument();
    }
    expect(screen.getByText('Active (Under Review)')).toBeInTheDocument();
  });
});

describe('dashboard while loading and without tokens', () => {
  it('shows a spinner while the tokens load', async () => {
    mockTokensApi({ user: trialUser, clients: [makeClient()] });
    holdGetClients();
    await openDashboard();
    expect(screen.getByRole('progressbar', { name: 'Loading your API tokens' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('invites a trial user to create a token, without the free-access note', async () => {
    mockTokensApi({ user: trialUser, clients: [] });
    await openDashboard();
    expect(await screen.findByRole('heading', { level: 2, name: EMPTY_HEADING })).toBeInTheDocument();
    expect(EMPTY_HEADING).toBe('No API Tokens Found');
    expect(screen.getByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(EMPTY_TEXT).toBe("Looks like you don't have any API Tokens yet. Ready to create a new request?");
    expect(screen.queryByText(/free access/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New API Client' })).toHaveAttribute('href', '/create-client');
    expect(screen.queryByRole('button', { name: 'Upgrade To Paid Account' })).not.toBeInTheDocument();
  });

  it('offers a suspended account no free access (design §11: its banner says what it can do)', async () => {
    mockTokensApi({ user: makeUser({ companyAccountStatus: 'suspended' }), clients: [] });
    await openDashboard();
    expect(await screen.findByRole('heading', { level: 2, name: EMPTY_HEADING })).toBeInTheDocument();
    expect(screen.queryByText(/free access/)).not.toBeInTheDocument();
  });

  it('speaks of the paid account, not of free access, when the account is paid', async () => {
    mockTokensApi({ user: paidUser, clients: [] });
    await openDashboard();
    expect(await screen.findByText(PAID_ACCOUNT_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(/free access/)).not.toBeInTheDocument();
  });

  it('treats a failed load as an empty list and logs it to the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockTokensApi({
      user: trialUser,
      getClients: internalError,
    });
    await openDashboard();
    expect(await screen.findByRole('heading', { level: 2, name: EMPTY_HEADING })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The API tokens could not be loaded.', expect.any(Error));
  });
});
