import {
  ERROR_CODES,
  MESSAGES,
  TOKEN_MESSAGES,
  formatDateTime,
  ROTATION_GRACE_LABELS,
  ROTATION_GRACE_PERIODS,
  rotateFailureMessage,
  rotateSuccessMessage,
} from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECRET_WARNING } from '@/components/credentials/client-credentials';
import { clickOutsideDialog, waitPastDialogExit } from '@/testing/dialog';
import { startFakeClock } from '@/testing/fake-clock';
import { makeClientId } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { makeClient, mockTokensApi, newCredentials } from '../testing/tokens-api';
import {
  CUT_OLD_SECRET_CONFIRM,
  GRACE_QUESTION,
  OLD_SECRET_STOPPED,
  cutOldSecretWarning,
  oldSecretWorksUntilText,
} from './rotate-token-dialog';

const client = makeClient({ id: makeClientId('team0ef56gh78'), label: 'Scores app' });

async function openRotateDialog() {
  const user = startFakeClock();
  const rendered = await renderScreen('/dashboard');
  await user.click(await screen.findByRole('button', { name: 'Rotate Scores app' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rotate Token' });
  return { ...rendered, dialog, user };
}

/** Rotates, then clicks Close without copying the new secret: the question it asks first. */
async function rotateThenClose() {
  const { dialog, user } = await openRotateDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
  await within(dialog).findByText(MESSAGES.rotateDialogSuccess);
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  const question = await screen.findByRole('dialog', { name: 'Leave without copying the secret?' });
  return { dialog, user, question };
}

describe('rotate token dialog', () => {
  it('asks when the old secret stops working, Immediately by default, and sends the choice', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    const choice = within(dialog).getByRole('radiogroup', { name: GRACE_QUESTION });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(ROTATION_GRACE_PERIODS.map((period) => ROTATION_GRACE_LABELS[period]));
    expect(within(choice).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    expect(dialog).toHaveTextContent('they stop working at once');

    await user.click(within(choice).getByRole('radio', { name: 'In 1 hour' }));
    expect(within(choice).getByRole('radio', { name: 'In 1 hour' })).toBeChecked();
    expect(dialog).toHaveTextContent('they stop working in 1 hour');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await within(dialog).findByText(MESSAGES.rotateDialogSuccess);
    expect(callsTo(tokens.rotateClient).map((call) => call.body)).toEqual([
      { clientId: client.id, gracePeriod: '1h' },
    ]);
  });

  it('puts the grace choice before Rotate in the tab order: it has the focus first', async () => {
    mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    const choice = within(dialog).getByRole('radiogroup', { name: GRACE_QUESTION });
    await waitFor(() => expect(within(choice).getByRole('radio', { name: 'Immediately' })).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Rotate' })).toHaveFocus();
  });

  it('says until when the old secret works after a grace rotation, and that it stopped otherwise', async () => {
    const { store } = mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'In 24 hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await within(dialog).findByText(MESSAGES.rotateDialogSuccess);
    const endsAt = store[0]?.rotationGrace?.endsAt ?? '';
    expect(endsAt).not.toBe('');
    expect(dialog).toHaveTextContent(oldSecretWorksUntilText(endsAt));
    expect(oldSecretWorksUntilText(endsAt)).toContain(formatDateTime(endsAt));
  });

  it('says the old secret stopped after an immediate rotation', async () => {
    mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await within(dialog).findByText(MESSAGES.rotateDialogSuccess);
    expect(dialog).toHaveTextContent(OLD_SECRET_STOPPED);
  });

  it('asks before cutting an old secret still in its grace period, and says so', async () => {
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const graced = makeClient({
      id: client.id,
      label: 'Scores app',
      rotationGrace: {
        clientId: makeClientId('olderabcde'),
        rotatedAt: new Date().toISOString(),
        endsAt,
        requestsSinceRotation: 3,
      },
    });
    const { callsTo } = mockTokensApi({ clients: [graced] });
    const { dialog, user } = await openRotateDialog();
    expect(dialog).toHaveTextContent(cutOldSecretWarning('…abcde', endsAt));
    const rotate = within(dialog).getByRole('button', { name: 'Rotate' });
    expect(rotate).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: CUT_OLD_SECRET_CONFIRM }));
    expect(rotate).toBeEnabled();
    await user.click(rotate);
    await within(dialog).findByText(MESSAGES.rotateDialogSuccess);
    expect(callsTo(tokens.rotateClient)).toHaveLength(1);
  });

  it('warns that rotating is irreversible and explains what happens', async () => {
    mockTokensApi({ clients: [client] });
    const { dialog } = await openRotateDialog();
    expect(within(dialog).getByText(MESSAGES.irreversibleWarning)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Rotating Scores app (…6gh78) deletes its current credentials');
    expect(dialog).toHaveTextContent(
      'A new Client ID and Client Secret with the same permissions are issued',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('stays open on a click outside; Cancel sends nothing', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    await clickOutsideDialog();
    expect(screen.getByRole('dialog', { name: 'Rotate Token' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(tokens.rotateClient)).toHaveLength(0);
  });

  it('shows the new credentials once, confirms with a snackbar and reloads the list on close', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));

    expect(await within(dialog).findByText(MESSAGES.rotateDialogSuccess)).toBeInTheDocument();
    expect(MESSAGES.rotateDialogSuccess).toBe('Token rotated successfully. New token details are below');
    expect(within(dialog).getByRole('textbox', { name: 'Client ID' })).toHaveValue(newCredentials.clientId);
    expect(within(dialog).getByRole('textbox', { name: 'Client Secret' })).toHaveValue(
      newCredentials.clientSecret,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy Client Secret' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(SECRET_WARNING);
    expect(await screen.findByText(rotateSuccessMessage('Scores app'))).toBeInTheDocument();
    expect(rotateSuccessMessage('Scores app')).toBe('Scores app Client Credential rotate request successful');
    expect(callsTo(tokens.rotateClient).map((call) => call.body)).toEqual([
      { clientId: client.id, gracePeriod: 'none' },
    ]);

    // The secret is shown once: neither a click outside nor Escape loses it.
    await clickOutsideDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitPastDialogExit();
    expect(screen.getByRole('dialog', { name: 'Rotate Token' })).toBeInTheDocument();

    fireEvent.copy(within(dialog).getByRole('textbox', { name: 'Client Secret' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: '…new01' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '…6gh78' })).not.toBeInTheDocument();
  });

  it('reloads the list when the dialog closes, not while it shows the new credentials', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    expect(callsTo(tokens.getClients)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText(rotateSuccessMessage('Scores app'))).toBeInTheDocument();
    await waitPastDialogExit();
    expect(callsTo(tokens.getClients)).toHaveLength(1);
    // The open dialog hides the table from the accessibility tree.
    expect(screen.getByRole('cell', { name: '…6gh78', hidden: true })).toBeInTheDocument();

    fireEvent.copy(within(dialog).getByRole('textbox', { name: 'Client Secret' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(callsTo(tokens.getClients)).toHaveLength(2));
    expect(await screen.findByRole('cell', { name: '…new01' })).toBeInTheDocument();
  });

  it('asks before closing while the secret was not copied; staying keeps the secret', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { dialog, user, question } = await rotateThenClose();
    expect(question).toHaveTextContent('It cannot be shown again');
    await user.click(within(question).getByRole('button', { name: 'Stay and copy' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Leave without copying the secret?' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Rotate Token' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Client Secret' })).toHaveValue(
      newCredentials.clientSecret,
    );
    expect(callsTo(tokens.getClients)).toHaveLength(1);
  });

  it('closes and reloads the list when the user leaves without copying', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { user, question } = await rotateThenClose();
    await user.click(within(question).getByRole('button', { name: 'Leave anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(newCredentials.clientSecret)).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(tokens.getClients)).toHaveLength(2));
    expect(await screen.findByRole('cell', { name: '…new01' })).toBeInTheDocument();
  });

  it('closes without asking once the secret was copied', async () => {
    mockTokensApi({ clients: [client] });
    const { dialog, user } = await openRotateDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await within(dialog).findByText(MESSAGES.rotateDialogSuccess);

    fireEvent.copy(within(dialog).getByRole('textbox', { name: 'Client Secret' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a failure with the token’s label and the short id the table shows, and closes', async () => {
    mockTokensApi({
      clients: [client],
      rotateClient: { status: 404, body: { error: ERROR_CODES.notFound, message: TOKEN_MESSAGES.notFound } },
    });
    const { dialog, user } = await openRotateDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    const message = 'Failed to request rotation for Scores app (6gh78) Client Credential';
    expect(rotateFailureMessage('Scores app', '6gh78')).toBe(message);
    const alert = await screen.findByText(message);
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-filledError');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
