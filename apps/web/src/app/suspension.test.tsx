// Design §11 "Suspension is visible": a suspended company's member sees a banner that says so and whom to
// contact on every page, its tokens read "Suspended", no upgrade is offered (a paid company stays paid)
// and no forecast shown; a token or an upgrade asked for anyway is refused with the server's sentence.
import {
  ERROR_CODES,
  SUSPENDED_TOKEN_LABEL,
  SUSPENSION_MESSAGES,
  suspensionBannerText,
  TOKEN_STATUS_LABELS,
} from '@datafeeds/domain';
import { account, system, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeClient } from '@/features/tokens/testing/tokens-api';
import { forecastText } from '@/features/quota/components/quota-texts';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';

const CONTACT = 'provider-team@datafeeds.example';
const FORECAST_AT = new Date(Date.now() + 3 * 3_600_000).toISOString();

function signedIn(
  user = makeUser({ companyAccountStatus: 'suspended', suspension: { from: 'paid', contact: CONTACT } }),
) {
  setToken(fakeJwt(900));
  return mockCalls(
    answer(system.config, { body: appConfig }),
    answer(users.getUser, { body: user }),
    answer(tokens.getClients, { body: { clients: [makeClient({ label: 'Scores', status: 'active' })] } }),
    answer(account.getQuota, { body: makeQuota({ usedToday: 9000, forecastExhaustedAt: FORECAST_AT }) }),
  );
}

describe('a suspended company', () => {
  it('sees the banner with whom to contact, its tokens as suspended, and no upgrade or forecast', async () => {
    signedIn();
    renderApp('/dashboard');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(suspensionBannerText(CONTACT));
    expect(within(banner).getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);

    const row = (await screen.findAllByText('Scores'))[0]?.closest('tr');
    if (!row) throw new Error('no row for the token');
    expect(within(row).getAllByText(SUSPENDED_TOKEN_LABEL)[0]).toBeInTheDocument();
    expect(within(row).queryByText(TOKEN_STATUS_LABELS.active)).not.toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Upgrade To Paid Account' })).not.toBeInTheDocument();
    expect(screen.queryByText(forecastText(FORECAST_AT))).not.toBeInTheDocument();
    // The quota's banners say nothing while no request is admitted anyway.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('is told why a new token is refused, in the dialog', async () => {
    setToken(fakeJwt(900));
    const { callsTo } = mockCalls(
      answer(system.config, { body: appConfig }),
      answer(users.getUser, {
        body: makeUser({
          companyAccountStatus: 'suspended',
          suspension: { from: 'trial', contact: CONTACT },
        }),
      }),
      answer(tokens.createClient, {
        status: 409,
        body: { error: ERROR_CODES.accountSuspended, message: SUSPENSION_MESSAGES.createToken(CONTACT) },
      }),
    );
    renderApp('/create-client');
    await screen.findByRole('heading', { level: 1, name: 'New Token Request' });
    await userEvent.type(screen.getByLabelText(/Token Nickname/, { selector: 'input' }), 'Live scores');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Live Feed' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Football' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Failed to create Client' });
    expect(dialog).toHaveTextContent(SUSPENSION_MESSAGES.createToken(CONTACT));
    expect(callsTo(tokens.createClient)).toHaveLength(1);
  });

  it('a trial company that is not suspended still sees its tokens as they are, and the upgrade', async () => {
    signedIn(makeUser({ companyAccountStatus: 'trial' }));
    renderApp('/dashboard');
    const row = (await screen.findAllByText('Scores'))[0]?.closest('tr');
    if (!row) throw new Error('no row for the token');
    await waitFor(() => expect(within(row).getAllByText(TOKEN_STATUS_LABELS.active)[0]).toBeInTheDocument());
    expect(within(row).queryByText(SUSPENDED_TOKEN_LABEL)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upgrade To Paid Account' })[0]).toBeInTheDocument();
    expect(screen.queryByText(suspensionBannerText(CONTACT))).not.toBeInTheDocument();
    expect(screen.getByText(forecastText(FORECAST_AT))).toBeInTheDocument();
  });
});
