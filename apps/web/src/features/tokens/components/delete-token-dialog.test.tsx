import { MESSAGES, deleteFailureMessage, deleteSuccessMessage } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clickOutsideDialog, waitPastDialogExit } from '@/testing/dialog';
import { startFakeClock } from '@/testing/fake-clock';
import { internalError, makeClientId } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { makeClient, mockTokensApi } from '../testing/tokens-api';

const client = makeClient({ id: makeClientId('team0ab12cd34'), label: 'Scores app' });
const other = makeClient({ label: 'Odds app' });

async function openDeleteDialog() {
  const user = startFakeClock();
  const rendered = await renderScreen('/dashboard');
  await user.click(await screen.findByRole('button', { name: 'Delete Scores app' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Token' });
  return { ...rendered, dialog, user };
}

describe('delete token dialog', () => {
  it('warns that deleting is irreversible and names the token', async () => {
    mockTokensApi({ clients: [client, other] });
    const { dialog } = await openDeleteDialog();
    expect(within(dialog).getByText(MESSAGES.irreversibleWarning)).toBeInTheDocument();
    expect(MESSAGES.irreversibleWarning).toBe('Warning - Irreversible Action');
    expect(dialog).toHaveTextContent('The token Scores app (…2cd34) will be deleted permanently');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('stays open on a click outside, and Cancel leaves the token untouched', async () => {
    const { callsTo } = mockTokensApi({ clients: [client, other] });
    const { dialog, user } = await openDeleteDialog();
    await clickOutsideDialog();
    expect(screen.getByRole('dialog', { name: 'Delete Token' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(tokens.deleteClient)).toHaveLength(0);
    expect(screen.getByText('Scores app')).toBeInTheDocument();
  });

  it('gives the focus back to the row’s Delete button on Cancel', async () => {
    mockTokensApi({ clients: [client, other] });
    const { dialog, user } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete Scores app' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    mockTokensApi({ clients: [client] });
    const { dialog } = await openDeleteDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes the token, reloads the list and confirms with a snackbar', async () => {
    const { callsTo } = mockTokensApi({ clients: [client, other] });
    const { dialog, user } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(deleteSuccessMessage('Scores app'))).toBeInTheDocument();
    expect(deleteSuccessMessage('Scores app')).toBe('Scores app Client Credential deleted successfully');
    expect(callsTo(tokens.deleteClient).map((call) => call.body)).toEqual([{ clientId: client.id }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Scores app' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Odds app' })).toBeInTheDocument();
    expect(callsTo(tokens.getClients)).toHaveLength(2);
  });

  it('shows the empty state after deleting the last token, still with the snackbar', async () => {
    mockTokensApi({ clients: [client] });
    const { dialog, user } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(deleteSuccessMessage('Scores app'))).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No API Tokens Found' })).toBeInTheDocument();
  });

  it('reports a failure with the token’s label and the short id the table shows', async () => {
    const { callsTo } = mockTokensApi({
      clients: [client, other],
      deleteClient: internalError,
    });
    const { dialog, user } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const message = 'Failed to delete Scores app (2cd34) Client Credential';
    expect(deleteFailureMessage('Scores app', '2cd34')).toBe(message);
    const alert = await screen.findByText(message);
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-filledError');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Scores app' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '…2cd34' })).toBeInTheDocument();
    // Only a token that is already gone reloads the list.
    await waitPastDialogExit();
    expect(callsTo(tokens.getClients)).toHaveLength(1);
  });

  it('reloads the list when the token was already gone, so its stale row disappears', async () => {
    const { callsTo, store } = mockTokensApi({ clients: [client, other] });
    const { dialog, user } = await openDeleteDialog();
    // Deleted elsewhere meanwhile: the API answers 404.
    store.splice(store.indexOf(client), 1);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete Scores app (2cd34) Client Credential'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Odds app' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Scores app', hidden: true })).not.toBeInTheDocument(),
    );
    expect(callsTo(tokens.getClients)).toHaveLength(2);
  });
});
