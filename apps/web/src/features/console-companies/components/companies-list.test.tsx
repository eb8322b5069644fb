import { formatDay } from '@datafeeds/domain';
import * as companies from '@datafeeds/domain/calls/console-companies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, mockCalls, type CalledWith } from '@/testing/call-doubles';
import { installScreenWidth } from '@/testing/match-media';
import { preloadRoutes, renderApp } from '@/testing/render';
import { companyRow, config, OTHER_COMPANY_ID, plans, signInStaff, staffMe } from '@/testing/console-doubles';

const ROWS = [
  companyRow(),
  companyRow({
    id: OTHER_COMPANY_ID,
    name: 'Betting Bros',
    accountStatus: 'paid',
    plan: 'standard',
    trialEndsAt: null,
    upgradeRequested: false,
  }),
];

/** Answers a page of 60 companies in all, whatever the search: the page the app asked for. */
const search = answer(companies.searchCompanies, (request) => ({
  body: {
    companies: ROWS,
    page: Number(request.query.get('page')),
    pageSize: Number(request.query.get('pageSize')),
    total: 60,
  },
}));

function sent(calls: CalledWith<typeof companies.searchCompanies>[]): Record<string, string> {
  const last = calls.at(-1);
  if (!last) throw new Error('No search was sent');
  return Object.fromEntries(last.query.entries());
}

async function open(url: string) {
  signInStaff();
  const doubles = mockCalls(config, staffMe('support'), plans, search);
  const app = renderApp(url);
  // The grid's first render in jsdom is slow on a busy machine.
  await screen.findByRole('link', { name: 'Acme Odds' }, { timeout: 15_000 });
  return { ...app, searches: () => doubles.callsTo(companies.searchCompanies) };
}

// The console's chunk is read from disk once, before the first test's time starts.
beforeAll(() => preloadRoutes('/console/companies', '/console/login'));

describe('companies list', () => {
  it('shows every column from 1200 px', async () => {
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
    await open('/console/companies');
    expect(headers()).toEqual([
      'Company',
      'Owner',
      'Status',
      'Plan',
      'Trial ends',
      'Created',
      'Members',
      'Tokens',
      'Upgrade requested',
    ]);
    // Days in the console's one format, the one its times share ("Dec 3, 2026").
    const acme = screen.getByRole('row', { name: /Acme Odds/ });
    expect(within(acme).getByText(formatDay('2026-12-03T00:00:00.000Z'))).toBeInTheDocument();
    expect(formatDay('2026-12-03T12:00:00.000Z', 'en-US')).toBe('Dec 3, 2026');
  });

  it('leaves out the counts and the creation day below 1200 px', async () => {
    installScreenWidth(900);
    await open('/console/companies');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual([
      'Company',
      'Owner',
      'Status',
      'Plan',
      'Trial ends',
      'Upgrade requested',
    ]);
  });

  it('sends the filters of the address and links each row to its company', async () => {
    const { searches } = await open('/console/companies?status=trial&trialEndingSoon=true');
    expect(sent(searches())).toEqual({
      status: 'trial',
      trialEndingSoon: 'true',
      sort: 'createdAt',
      order: 'desc',
      page: '0',
      pageSize: '25',
    });
    expect(screen.getByRole('link', { name: 'Acme Odds' })).toHaveAttribute(
      'href',
      `/console/companies/${ROWS[0]?.id}`,
    );
    expect(screen.getByRole('link', { name: 'Betting Bros' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Trial');
    expect(screen.getByRole('checkbox', { name: 'Trial ends within 7 days' })).toBeChecked();
  });

  it('searches by what is typed, after a pause, from the first page', async () => {
    const { searches, history } = await open('/console/companies?page=2');
    expect(sent(searches()).page).toBe('2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'acme');
    await waitFor(() => expect(sent(searches()).q).toBe('acme'));
    expect(sent(searches()).page).toBe('0');
    // One search for the whole word, not one per letter.
    expect(searches().filter((call) => call.query.has('q'))).toHaveLength(1);
    expect(history.location.search).toBe('?q=acme');
  });

  it('filters by status, plan and the two flags, each kept in the address', async () => {
    const { searches, history } = await open('/console/companies');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() => expect(sent(searches()).status).toBe('suspended'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Plan' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All plans', 'Trial', 'Standard', 'Pro']);
    await userEvent.click(screen.getByRole('option', { name: 'Pro' }));
    await waitFor(() => expect(sent(searches()).plan).toBe('pro'));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Upgrade requested' }));
    await waitFor(() => expect(sent(searches()).upgradeRequested).toBe('true'));
    expect(sent(searches())).toMatchObject({ status: 'suspended', plan: 'pro', page: '0' });
    expect(new URLSearchParams(history.location.search).get('upgradeRequested')).toBe('true');
  });

  it('sorts by name, creation and trial end on the server', async () => {
    const { searches } = await open('/console/companies');
    await userEvent.click(screen.getByRole('columnheader', { name: /Company/ }));
    await waitFor(() => expect(sent(searches())).toMatchObject({ sort: 'name', order: 'asc' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Company/ }));
    await waitFor(() => expect(sent(searches())).toMatchObject({ sort: 'name', order: 'desc' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Trial ends/ }));
    await waitFor(() => expect(sent(searches())).toMatchObject({ sort: 'trialEndsAt', order: 'asc' }));
  });

  it('pages on the server and keeps the page in the address', async () => {
    const { searches, history } = await open('/console/companies');
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(sent(searches()).page).toBe('1'));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();
    expect(history.location.search).toBe('?page=1');
  });

  it('says when no company matches', async () => {
    signInStaff();
    mockCalls(
      config,
      staffMe('support'),
      plans,
      answer(companies.searchCompanies, { body: { companies: [], page: 0, pageSize: 25, total: 0 } }),
    );
    renderApp('/console/companies?q=nobody');
    expect(await screen.findByText('No company matches this search and these filters.')).toBeInTheDocument();
  });

  it('offers to try again when the list could not be loaded', async () => {
    signInStaff();
    mockCalls(config, staffMe('support'), plans, answer(companies.searchCompanies, { status: 503 }));
    renderApp('/console/companies');
    const alert = await screen.findByText(/The companies could not be loaded/);
    expect(
      within(alert.closest('.MuiAlert-root') as HTMLElement).getByRole('button', { name: 'Try again' }),
    ).toBeInTheDocument();
  });
});
