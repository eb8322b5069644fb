import {
  CONSOLE_MESSAGES,
  CONSOLE_REFUSALS,
  ERROR_CODES,
  formatDay,
  type ConsoleCompany,
} from '@datafeeds/domain';
import * as companies from '@datafeeds/domain/calls/console-companies';
import type { StaffRole } from '@datafeeds/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, mockCalls, type CallDouble } from '@/testing/call-doubles';
import { makeAuditEvent } from '@/testing/fixtures';
import { installScreenWidth } from '@/testing/match-media';
import { preloadRoutes, renderApp } from '@/testing/render';
import {
  COMPANY_ID,
  companyPage,
  config,
  emptyActivity,
  plans,
  signInStaff,
  staffMe,
} from '@/testing/console-doubles';

const URL = `/console/companies/${COMPANY_ID}`;

// The console's chunk is read from disk once, before the first test's time starts.
beforeAll(() => preloadRoutes(URL));

async function openCompany(role: StaffRole, page: ConsoleCompany, ...doubles: CallDouble[]) {
  signInStaff();
  const mocked = mockCalls(
    config,
    staffMe(role),
    plans,
    emptyActivity,
    answer(companies.getConsoleCompany, { body: page }),
    ...doubles,
  );
  renderApp(URL);
  await screen.findByRole('heading', { level: 1, name: page.company.name });
  return mocked;
}

async function openDialog(button: string, title: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

describe('a company in the console', () => {
  it('shows its status, plan, usage against the quota, members and tokens', async () => {
    const { callsTo } = await openCompany('support', companyPage());
    expect(callsTo(companies.getConsoleCompany)[0]?.query.get('companyId')).toBe(COMPANY_ID);
    expect(screen.getAllByText('Trial')[0]).toBeInTheDocument();
    // A plan reads as the customer reads it (planDisplayName): "Trial", not "trial".
    expect(screen.getByText('1,234 / 10,000 (daily quota of the Trial plan)')).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).getByText('owner@acme.example')).toBeInTheDocument();
    const tokens = screen.getByRole('table', { name: 'Tokens' });
    expect(within(tokens).getByText('Active (Under Review)')).toBeInTheDocument();
    expect(within(tokens).getByText('Active')).toBeInTheDocument();
    expect(within(tokens).getByText('1,000 / 5,000 (cap)')).toBeInTheDocument();
    expect(screen.getByText(/Requested on .* by owner@acme\.example\./)).toBeInTheDocument();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('says when the trial ends on a trial only, not once the company pays', async () => {
    await openCompany('support', companyPage());
    expect(screen.getByText(/^Trial ends/)).toBeInTheDocument();
  });

  it('says nothing of a trial end in a paid company’s header, which keeps the date of its trial', async () => {
    await openCompany(
      'support',
      companyPage(
        { upgradeRequest: null },
        { accountStatus: 'paid', plan: 'standard', trialEndsAt: '2026-12-03T00:00:00.000Z' },
      ),
    );
    expect(screen.queryByText(/Trial ends/)).not.toBeInTheDocument();
  });

  it('shows every token column from 1200 px', async () => {
    const columns = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    await openCompany('support', companyPage());
    expect(columns(screen.getByRole('table', { name: 'Tokens' }))).toEqual([
      'Token',
      'Client ID',
      'Status',
      'Created',
      'Expires',
      'Last used',
      'Used today',
      'Review',
    ]);
    expect(screen.getByRole('cell', { name: 'dfc_OddsToken0000000000000' })).toBeInTheDocument();
  });

  it('fits the tokens into 900 px: the client ID under the name, without the days', async () => {
    installScreenWidth(900);
    await openCompany('support', companyPage());
    const tokens = screen.getByRole('table', { name: 'Tokens' });
    expect(
      within(tokens)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Token', 'Status', 'Last used', 'Used today', 'Review']);
    const odds = within(tokens).getByRole('cell', { name: /dfc_OddsToken0000000000000/ });
    expect(odds).toHaveTextContent(/Client ID dfc_OddsToken0000000000000$/);
  });

  it('names the staff member of a staff action in its activity, a page at a time', async () => {
    const event = makeAuditEvent({
      kind: 'trial.extended',
      actor: { kind: 'staff', email: 'admin@datafeeds.example' },
    });
    const { callsTo } = await openCompany(
      'support',
      companyPage(),
      answer(companies.getConsoleCompanyActivity, {
        body: { events: [event], page: 0, pageSize: 25, total: 1 },
      }),
    );
    const activity = await screen.findByRole('table', { name: 'Activity' });
    expect(within(activity).getByText('admin@datafeeds.example')).toBeInTheDocument();
    expect(within(activity).getByText('Trial extended')).toBeInTheDocument();
    const query = callsTo(companies.getConsoleCompanyActivity)[0]?.query;
    expect(Object.fromEntries(query?.entries() ?? [])).toEqual({
      companyId: COMPANY_ID,
      page: '0',
      pageSize: '25',
    });
  });

  it('approves the upgrade on the plan chosen, says so and reloads the company', async () => {
    const message = CONSOLE_MESSAGES.upgradeApproved('Acme Odds', 'pro');
    const { callsTo } = await openCompany(
      'admin',
      companyPage(),
      answer(companies.approveUpgrade, { body: { message } }),
    );
    const dialog = await openDialog('Approve upgrade', 'Approve the upgrade');
    expect(within(dialog).getByRole('combobox', { name: /Plan/ })).toHaveTextContent('Standard');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Plan/ }));
    const options = await screen.findAllByRole('option');
    // The trial plan is no plan to upgrade to; each plan says its rate as well as its daily quota.
    expect(options.map((option) => option.textContent)).toEqual([
      'Standard (no daily limit, 50 a second)',
      'Pro (5,000,000 a day, 200 a second)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /^Pro/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.approveUpgrade)[0]?.body).toEqual({ companyId: COMPANY_ID, plan: 'pro' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(companies.getConsoleCompany)).toHaveLength(2));
  });

  it('extends the trial by the days entered, checked as the API checks them', async () => {
    const trialEndsAt = '2027-01-02T12:00:00.000Z';
    // The snackbar words the new end as the page does ("Jan 2, 2027"), not as the API's "2027-01-02".
    const message = CONSOLE_MESSAGES.trialExtended('Acme Odds', formatDay(trialEndsAt));
    const { callsTo } = await openCompany(
      'support',
      companyPage(),
      answer(companies.extendTrial, {
        body: { message: CONSOLE_MESSAGES.trialExtended('Acme Odds', '2027-01-02'), trialEndsAt },
      }),
    );
    const dialog = await openDialog('Extend trial', 'Extend the trial');
    const days = within(dialog).getByRole('textbox', { name: /Days/ });
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    expect(
      await within(dialog).findByText('Enter a whole number of days from 1 to 365.'),
    ).toBeInTheDocument();
    expect(callsTo(companies.extendTrial)).toHaveLength(0);
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/2027-01-02/)).toBeNull();
    expect(callsTo(companies.extendTrial)[0]?.body).toEqual({ companyId: COMPANY_ID, days: 30 });
  });

  it('changes the plan of a paid company', async () => {
    const message = CONSOLE_MESSAGES.planChanged('Acme Odds', 'pro');
    const { callsTo } = await openCompany(
      'admin',
      companyPage({ upgradeRequest: null }, { accountStatus: 'paid', plan: 'standard', trialEndsAt: null }),
      answer(companies.changeCompanyPlan, { body: { message } }),
    );
    expect(screen.queryByRole('button', { name: 'Extend trial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve upgrade' })).not.toBeInTheDocument();
    const dialog = await openDialog('Change plan', 'Change the plan');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Plan/ }));
    // Neither the trial plan nor the company's own.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Pro (5,000,000 a day, 200 a second)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /^Pro/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.changeCompanyPlan)[0]?.body).toEqual({ companyId: COMPANY_ID, plan: 'pro' });
  });

  it('suspends the company after confirmation', async () => {
    const message = CONSOLE_MESSAGES.suspended('Acme Odds');
    const { callsTo } = await openCompany(
      'admin',
      companyPage(),
      answer(companies.suspendCompany, { body: { message } }),
    );
    const dialog = await openDialog('Suspend', 'Suspend the company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(companies.suspendCompany)).toHaveLength(0);
    await userEvent.click(
      within(await openDialog('Suspend', 'Suspend the company')).getByRole('button', { name: 'Suspend' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.suspendCompany)[0]?.body).toEqual({ companyId: COMPANY_ID });
  });

  it('reinstates a suspended company on the account chosen', async () => {
    const message = CONSOLE_MESSAGES.reinstated('Acme Odds', 'paid');
    const { callsTo } = await openCompany(
      'admin',
      companyPage({ upgradeRequest: null }, { accountStatus: 'suspended', plan: 'standard' }),
      answer(companies.reinstateCompany, { body: { message } }),
    );
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    const dialog = await openDialog('Reinstate', 'Reinstate the company');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A paid account' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.reinstateCompany)[0]?.body).toEqual({ companyId: COMPANY_ID, to: 'paid' });
  });

  it('starts the reinstatement from the account the company had before its suspension: paid stays paid', async () => {
    const message = CONSOLE_MESSAGES.reinstated('Acme Odds', 'paid');
    const { callsTo } = await openCompany(
      'admin',
      // An upgrade request left from before: nothing to approve while the company is suspended.
      companyPage({ suspendedFrom: 'paid' }, { accountStatus: 'suspended', plan: 'standard' }),
      answer(companies.reinstateCompany, { body: { message } }),
    );
    expect(screen.queryByRole('button', { name: 'Approve upgrade' })).not.toBeInTheDocument();
    const dialog = await openDialog('Reinstate', 'Reinstate the company');
    expect(within(dialog).getByRole('radio', { name: 'A paid account' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'A trial account' })).not.toBeChecked();
    expect(within(dialog).getByText(/Before its suspension it had a paid account\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.reinstateCompany)[0]?.body).toEqual({ companyId: COMPANY_ID, to: 'paid' });
  });

  it("ends a token's review", async () => {
    const message = CONSOLE_MESSAGES.reviewEnded('Scores feed');
    const { callsTo } = await openCompany(
      'admin',
      companyPage(),
      answer(companies.endTokenReview, { body: { message } }),
    );
    const dialog = await openDialog('End review of Scores feed', 'End the review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End review' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(companies.endTokenReview)[0]?.body).toEqual({ clientId: 'dfc_ReviewToken00000000000' });
  });

  it('keeps a refusal in the dialog', async () => {
    const refusal = CONSOLE_MESSAGES.problems.already_suspended;
    await openCompany(
      'admin',
      companyPage(),
      answer(companies.suspendCompany, {
        status: 409,
        body: { error: 'already_suspended', message: refusal },
      }),
    );
    const dialog = await openDialog('Suspend', 'Suspend the company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it("shows support the admins' actions disabled, with the reason", async () => {
    await openCompany('support', companyPage());
    for (const [name, action] of [
      ['Approve upgrade', 'approveUpgrade'],
      ['Suspend', 'suspendCompany'],
      ['End review of Scores feed', 'endTokenReview'],
    ] as const) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(CONSOLE_REFUSALS[action]);
    }
    expect(screen.getByRole('button', { name: 'Extend trial' })).toBeEnabled();
  });

  it('says when no company has the id', async () => {
    signInStaff();
    mockCalls(
      config,
      staffMe('support'),
      answer(companies.getConsoleCompany, {
        status: 404,
        body: { error: ERROR_CODES.notFound, message: CONSOLE_MESSAGES.companyNotFound },
      }),
    );
    renderApp(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the companies' })).toHaveAttribute(
      'href',
      '/console/companies',
    );
  });
});
