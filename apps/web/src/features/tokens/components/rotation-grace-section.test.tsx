import { ROLE_REFUSALS, formatDateTime, type Client } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { internalError, makeClientId, makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { makeClient, mockTokensApi, openDashboard } from '../testing/tokens-api';
import {
  END_GRACE_BUTTON,
  END_GRACE_TITLE,
  GRACE_HEADING,
  endGraceFailureMessage,
  endGraceSuccessMessage,
} from './rotation-grace-section';
import { oldSecretHintText } from './token-row';

// Half a minute over, so the "in 45 minutes" the test reads holds while it runs.
const endsAt = new Date(Date.now() + 45.5 * 60_000).toISOString();
const rotated = (): Client =>
  makeClient({
    id: makeClientId('newsecretabc12'),
    label: 'Scores app',
    rotationGrace: {
      clientId: makeClientId('oldsecretold77'),
      rotatedAt: new Date(Date.now() - 15 * 60_000).toISOString(),
      endsAt,
      requestsSinceRotation: 1234,
    },
  });

async function openDetails(client: Client) {
  renderApp(`/client/${client.id}`);
  return screen.findByRole('region', { name: GRACE_HEADING });
}

describe('the old secret of a rotation with a grace period', () => {
  it('shows which secret still works, until when, and its requests since the rotation', async () => {
    mockTokensApi({ clients: [rotated()] });
    const section = await openDetails(rotated());
    expect(section).toHaveTextContent('Old Client ID …old77');
    expect(section).toHaveTextContent(`Stops working ${formatDateTime(endsAt)} (in 45 minutes)`);
    expect(
      within(section)
        .getByText(/Stops working/)
        .closest('time'),
    ).toHaveAttribute('datetime', endsAt);
    expect(section).toHaveTextContent('1,234 requests since rotation');
    // Counted from the rotation itself (design §9), no longer from the start of its hour.
    expect(section).not.toHaveTextContent('by the hour');
  });

  it('is not shown for a token without one', async () => {
    const plain = makeClient({ label: 'Plain' });
    mockTokensApi({ clients: [plain] });
    renderApp(`/client/${plain.id}`);
    await screen.findByText('Nickname', { selector: 'dt' });
    expect(screen.queryByRole('region', { name: GRACE_HEADING })).not.toBeInTheDocument();
  });

  it('stops the old secret after a confirmation, and the section goes', async () => {
    const client = rotated();
    const { callsTo } = mockTokensApi({ clients: [client] });
    const section = await openDetails(client);
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: END_GRACE_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: END_GRACE_TITLE });
    expect(dialog).toHaveTextContent('(Client ID …old77) stops working at once');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(tokens.endRotationGrace)).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: END_GRACE_BUTTON }));
    await user.click(
      within(await screen.findByRole('dialog', { name: END_GRACE_TITLE })).getByRole('button', {
        name: 'Stop old secret',
      }),
    );
    expect(await screen.findByText(endGraceSuccessMessage('Scores app'))).toBeInTheDocument();
    expect(callsTo(tokens.endRotationGrace).map((call) => call.body)).toEqual([{ clientId: client.id }]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: GRACE_HEADING })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Nickname', { selector: 'dt' })).toBeInTheDocument(); // the token stays
  });

  it('reports a failure to stop it', async () => {
    mockTokensApi({
      clients: [rotated()],
      endRotationGrace: internalError,
    });
    const section = await openDetails(rotated());
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: END_GRACE_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: END_GRACE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Stop old secret' }));
    expect(await screen.findByText(endGraceFailureMessage('Scores app'))).toBeInTheDocument();
  });

  it('a member sees why they cannot stop it', async () => {
    mockTokensApi({ clients: [rotated()], user: makeUser({ role: 'member' }) });
    const section = await openDetails(rotated());
    const button = within(section).getByRole('button', { name: END_GRACE_BUTTON });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(ROLE_REFUSALS.rotateToken);
  });

  it('the dashboard row says until when the old secret works', async () => {
    mockTokensApi({ clients: [rotated(), makeClient({ label: 'Plain' })] });
    await openDashboard();
    expect(await screen.findByText(oldSecretHintText(endsAt))).toBeInTheDocument();
    expect(screen.getAllByText(/^Old secret active until/)).toHaveLength(1);
  });
});
