import {
  ERROR_CODES,
  MESSAGES,
  SUSPENSION_MESSAGES,
  alreadyPaidMessage,
  emptyScope,
  type Client,
  type User,
} from '@datafeeds/domain';
import { account as accountCalls, system, tokens, users } from '@datafeeds/domain/calls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { clickOutsideDialog } from '@/testing/dialog';
import { startFakeClock } from '@/testing/fake-clock';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import { appConfig, internalError, makeClientId, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderScreen } from '@/testing/render';
import { upgradeRequestedText } from './upgrade-account-button';
import { UPGRADE_DIALOG_TITLE } from './upgrade-account-dialog';

// The upgrade button sits in the dashboard's token list header, which shows only when there are tokens.
const client: Client = {
  id: makeClientId('upgradeabcde'),
  label: 'Scores app',
  scope: { ...emptyScope(), nfl: true },
  status: 'active',
  inReview: false,
  apiType: 'rest',
  createdAt: '2026-02-01T12:00:00.000Z',
  updatedAt: '2026-02-01T12:00:00.000Z',
  expiredAt: '2026-03-03T12:00:00.000Z',
  lastUsedAt: null,
  dailyCap: null,
  rotationGrace: null,
};

function mockDashboard(upgradeAnswer: DoubleAnswer<typeof accountCalls.upgradeAccount>) {
  setToken(fakeJwt(900));
  return mockCalls(
    answer(users.getUser, { body: makeUser({ companyAccountStatus: 'trial' }) }),
    answer(system.config, { body: appConfig }),
    answer(tokens.getClients, { body: { clients: [client] } }),
    answer(accountCalls.getQuota, { body: makeQuota() }),
    answer(accountCalls.upgradeAccount, upgradeAnswer),
  );
}

async function openUpgradeDialog() {
  const user = startFakeClock();
  await renderScreen('/dashboard');
  await user.click(await screen.findByRole('button', { name: 'Upgrade To Paid Account' }));
  const dialog = await screen.findByRole('dialog', { name: UPGRADE_DIALOG_TITLE });
  return { dialog, user };
}

const requested = { body: { status: 'requested', requestedAt: '2026-02-10T12:00:00.000Z' } } as const;

/**
 * A trial owner signed in whose upgrade is refused with 409 `body`, the company being `afterwards` from
 * then on (as the server would answer GetUser once the refusal's cause is known).
 */
function mockUpgradeRefused(afterwards: User, body: { error: string; message: string }) {
  let account = makeUser({ companyAccountStatus: 'trial' });
  mockCalls(
    answer(users.getUser, () => ({ body: account })),
    answer(system.config, { body: appConfig }),
    answer(tokens.getClients, { body: { clients: [client] } }),
    answer(accountCalls.getQuota, { body: makeQuota() }),
    answer(accountCalls.upgradeAccount, () => {
      account = afterwards;
      return { status: 409, body };
    }),
  );
  setToken(fakeJwt(900));
}

describe('upgrade account dialog', () => {
  it('explains the request and what happens to the existing tokens', async () => {
    mockDashboard(requested);
    const { dialog } = await openUpgradeDialog();
    expect(UPGRADE_DIALOG_TITLE).toBe('Upgrade Account');
    expect(dialog).toHaveTextContent('sends an upgrade request to the DataFeeds team');
    expect(dialog).toHaveTextContent('Your existing API tokens stay active');
    expect(dialog).toHaveTextContent('no longer subject to the trial');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('stays open on a click outside, closes on Escape, and sends nothing', async () => {
    const { callsTo } = mockDashboard(requested);
    const { dialog } = await openUpgradeDialog();
    await clickOutsideDialog();
    expect(screen.getByRole('dialog', { name: UPGRADE_DIALOG_TITLE })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(accountCalls.upgradeAccount)).toHaveLength(0);
  });

  it('submits the request with an empty body and confirms with a snackbar', async () => {
    const { callsTo } = mockDashboard(requested);
    const { dialog, user } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(MESSAGES.upgradeSuccess)).toBeInTheDocument();
    expect(MESSAGES.upgradeSuccess).toBe('Successfully submitted your upgrade request');
    expect(callsTo(accountCalls.upgradeAccount).map((call) => call.body)).toEqual([{}]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Asking again would look like a new request: the button gives way to when it was asked.
    expect(screen.getByText(upgradeRequestedText('2026-02-10T12:00:00.000Z'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade To Paid Account' })).not.toBeInTheDocument();
  });

  it('shows every member a waiting request instead of the button', async () => {
    setToken(fakeJwt(900));
    mockCalls(
      answer(users.getUser, {
        body: makeUser({ companyAccountStatus: 'trial', upgradeRequestedAt: '2026-02-10T12:00:00.000Z' }),
      }),
      answer(system.config, { body: appConfig }),
      answer(tokens.getClients, { body: { clients: [client] } }),
      answer(accountCalls.getQuota, { body: makeQuota() }),
    );
    await renderScreen('/dashboard');
    expect(
      await screen.findByText(
        `Upgrade requested on ${new Date('2026-02-10T12:00:00.000Z').toLocaleDateString()}`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade To Paid Account' })).not.toBeInTheDocument();
  });

  it('reports a failed request with the error snackbar', async () => {
    mockDashboard(internalError);
    const { dialog, user } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const alert = await screen.findByText(MESSAGES.upgradeFailed);
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-filledError');
    expect(MESSAGES.upgradeFailed).toMatch(/^Failed to submit upgrade request\./);
  });

  it('drops the button when the server says the account is already paid', async () => {
    mockUpgradeRefused(makeUser({ companyAccountStatus: 'paid' }), {
      error: ERROR_CODES.conflict,
      message: alreadyPaidMessage,
    });
    const { dialog, user } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(MESSAGES.upgradeFailed)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Upgrade To Paid Account', hidden: true }),
      ).not.toBeInTheDocument(),
    );
  });

  it("tells a company suspended meanwhile why, in the server's sentence, and drops the button", async () => {
    const contact = 'provider-team@datafeeds.example';
    mockUpgradeRefused(
      makeUser({ companyAccountStatus: 'suspended', suspension: { from: 'trial', contact } }),
      { error: ERROR_CODES.accountSuspended, message: SUSPENSION_MESSAGES.upgrade(contact) },
    );
    const { dialog, user } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(SUSPENSION_MESSAGES.upgrade(contact))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.upgradeFailed)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Upgrade To Paid Account', hidden: true }),
      ).not.toBeInTheDocument(),
    );
  });
});
