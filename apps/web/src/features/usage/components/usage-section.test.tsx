import { emptyScope, type Client, type ClientUsage } from '@datafeeds/domain';
import { account, system, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import {
  appConfig,
  internalError,
  makeClientId,
  makeClientUsage,
  makeQuota,
  makeUser,
} from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import {
  earlierClientIdsText,
  NO_VERIFICATIONS_HEADING,
  NO_VERIFICATIONS_TEXT,
  noVerificationsInWindow,
  REFUSED_CODE_HINTS,
  USAGE_LOAD_FAILED,
} from './usage-texts';

const client: Client = {
  id: makeClientId('usageabc12'),
  label: 'Scores app',
  scope: { ...emptyScope(), nfl: true, nflLive: true, mlb: true },
  status: 'active',
  inReview: false,
  apiType: 'rest',
  createdAt: '2026-02-01T12:00:00.000Z',
  updatedAt: '2026-02-02T12:00:00.000Z',
  expiredAt: null,
  lastUsedAt: null,
  dailyCap: null,
  rotationGrace: null,
};

/** Busy on the last day (index days-1) and the one before; refused requests only on the last day. */
function busyUsage(days: number): ClientUsage {
  return makeClientUsage(client.id, {
    days,
    feeds: {
      nflLive: (index) => (index === days - 1 ? 120 : index === days - 2 ? 7 : 0),
      nfl: (index) => (index === days - 1 ? 3 : 0),
      any: (index) => (index === days - 2 ? 1 : 0),
    },
    refused: (index) => (index === days - 1 ? 5 : 0),
    refusedByCode: { EXPIRED: 2, SCOPE_DENIED: 3 },
  });
}

function mockUsageApi(usageFor: (days: number) => ClientUsage | null) {
  setToken(fakeJwt(900));
  return mockCalls(
    answer(users.getUser, { body: makeUser() }),
    answer(system.config, { body: appConfig }),
    answer(tokens.getClients, { body: { clients: [client] } }),
    answer(account.getQuota, { body: makeQuota() }),
    answer(tokens.getClientUsage, ({ query }) => {
      const usage = usageFor(Number(query.get('days')));
      return usage ? { body: usage } : internalError;
    }),
  );
}

async function openUsage() {
  renderApp(`/client/${client.id}`);
  return screen.findByRole('region', { name: 'Usage' });
}

/** The refusals by reason, each line's text, in the order shown. */
const reasonLines = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Refused by reason' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('usage section of API token details', () => {
  it('shows 30 days by default: totals, refusals by reason, a chart, and the same numbers as a table', async () => {
    const { callsTo } = mockUsageApi(busyUsage);
    const section = await openUsage();
    expect(await within(section).findByText('Refused by reason')).toBeInTheDocument();
    expect(callsTo(tokens.getClientUsage).map((call) => call.url)).toEqual([
      `/api/GetClientUsage?clientId=${client.id}&days=30`,
    ]);
    expect(within(section).getByLabelText('Totals over 30 days')).toHaveTextContent(
      'Requests136Valid131Refused5',
    );
    expect(reasonLines(section)).toEqual(['Feed not in scope: 3 · 60%', 'Expired: 2 · 40%']);
    expect(within(section).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('figure', { name: /^Requests per day by feed/ })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Table' }));
    const table = within(section).getByRole('table', { name: 'Usage per day' });
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[0]!)).toEqual([
      'Day (UTC)',
      'NFL Live',
      'NFL Post-game',
      'Any feed (no scope named)',
      'Refused',
    ]);
    // Newest day first, then the day before; a header row, 30 days and the totals row.
    expect(cellTexts(rows[1]!).slice(1)).toEqual(['120', '3', '0', '5']);
    expect(cellTexts(rows[2]!).slice(1)).toEqual(['7', '0', '1', '0']);
    expect(rows).toHaveLength(32);
    expect(cellTexts(rows.at(-1)!)).toEqual(['Total', '127', '3', '1', '5']);
  });

  it('lists the refusals for a limit with what they mean, the most frequent reason first', async () => {
    mockUsageApi((days) =>
      makeClientUsage(client.id, {
        days,
        feeds: { nfl: (index) => (index === days - 1 ? 5000 : 0) },
        refused: (index) => (index === days - 1 ? 1300 : 0),
        refusedByCode: { SCOPE_DENIED: 10, QUOTA_EXCEEDED: 1234, RATE_LIMITED: 56 },
      }),
    );
    const section = await openUsage();
    await within(section).findByText('Refused by reason');
    expect(reasonLines(section)).toEqual([
      `Daily quota reached: 1,234 · 95%${REFUSED_CODE_HINTS.QUOTA_EXCEEDED}`,
      `Rate limit reached: 56 · 4%${REFUSED_CODE_HINTS.RATE_LIMITED}`,
      'Feed not in scope: 10 · 1%',
    ]);
    expect(REFUSED_CODE_HINTS.QUOTA_EXCEEDED).toBe(
      "Over the company's daily quota, or this token's own daily cap",
    );
    // The table view lists them too.
    await userEvent.click(within(section).getByRole('button', { name: 'Table' }));
    expect(reasonLines(section)).toHaveLength(3);
  });

  it('lists no reasons when nothing was refused', async () => {
    mockUsageApi((days) => makeClientUsage(client.id, { days, feeds: { nfl: () => 2 } }));
    const section = await openUsage();
    await within(section).findByRole('figure');
    expect(within(section).queryByText('Refused by reason')).not.toBeInTheDocument();
  });

  it('loads 7 or 90 days when the period changes', async () => {
    const { callsTo } = mockUsageApi(busyUsage);
    const section = await openUsage();
    await within(section).findByText('Refused by reason');
    await userEvent.click(within(section).getByRole('button', { name: 'Table' }));

    await userEvent.click(within(section).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(7 + 2));
    await userEvent.click(within(section).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(90 + 2));
    expect(callsTo(tokens.getClientUsage).map(({ query }) => query.get('days'))).toEqual(['30', '7', '90']);
    expect(within(section).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says the data feed has not verified a token that was never used', async () => {
    mockUsageApi((days) => makeClientUsage(client.id, { days }));
    const section = await openUsage();
    expect(await within(section).findByText(NO_VERIFICATIONS_HEADING)).toBeInTheDocument();
    expect(within(section).getByText(NO_VERIFICATIONS_TEXT)).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Table' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('counts the earlier client IDs of a rotated token, and names them', async () => {
    mockUsageApi((days) => ({
      ...busyUsage(days),
      clientIds: [client.id, makeClientId('olderdef34'), makeClientId('oldestghi56')],
    }));
    const section = await openUsage();
    expect(await within(section).findByText(earlierClientIdsText(['…def34', '…ghi56']))).toBeInTheDocument();
    expect(earlierClientIdsText(['…def34'])).toBe(
      'Includes the requests of its earlier Client ID, before rotation: …def34',
    );
  });

  it('says when a used token had no verifications in the period', async () => {
    const lastUsedAt = new Date(Date.now() - 40 * 86_400_000).toISOString();
    mockUsageApi((days) => makeClientUsage(client.id, { days, lastUsedAt }));
    const section = await openUsage();
    expect(await within(section).findByText(noVerificationsInWindow(30))).toBeInTheDocument();
  });

  it('says when the usage cannot be loaded, and loads it again on Try again', async () => {
    let failing = true;
    mockUsageApi((days) => (failing ? null : busyUsage(days)));
    const section = await openUsage();
    expect(await within(section).findByText(USAGE_LOAD_FAILED)).toBeInTheDocument();
    failing = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Refused by reason')).toBeInTheDocument();
  });
});
