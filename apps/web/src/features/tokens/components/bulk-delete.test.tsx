import { MESSAGES, bulkDeleteFailureMessage, bulkDeleteSuccessMessage } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeClientId } from '@/testing/fixtures';
import { makeClient, mockTokensApi, openDashboard, tableBodyRows } from '../testing/tokens-api';

const one = makeClient({ id: makeClientId('bulkaaa11'), label: 'One' });
const two = makeClient({ id: makeClientId('bulkbbb22'), label: 'Two' });
const three = makeClient({ id: makeClientId('bulkccc33'), label: 'Three' });

async function selectAndOpen(labels: string[]) {
  await screen.findByRole('checkbox', { name: 'Select all tokens' });
  expect(screen.queryByRole('button', { name: /^Delete selected/ })).not.toBeInTheDocument();
  for (const label of labels)
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${label}` }));
  await userEvent.click(screen.getByRole('button', { name: `Delete selected (${labels.length})` }));
  return screen.findByRole('dialog', {
    name: labels.length === 1 ? 'Delete Token' : `Delete ${labels.length} Tokens`,
  });
}

const rowLabels = () => tableBodyRows().map((row) => within(row).getAllByRole('cell')[4]?.textContent);

describe('deleting the selected tokens', () => {
  it('lists the selected tokens under the irreversible-action warning, deletes each, reloads and clears the selection', async () => {
    const { callsTo } = mockTokensApi({ clients: [one, two, three] });
    await openDashboard();
    const dialog = await selectAndOpen(['One', 'Three']);
    expect(within(dialog).getByText(MESSAGES.irreversibleWarning)).toBeInTheDocument();
    const listed = within(within(dialog).getByRole('list', { name: 'Tokens to delete' })).getAllByRole(
      'listitem',
    );
    expect(listed.map((item) => item.textContent)).toEqual(['One (…aaa11)', 'Three (…ccc33)']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(bulkDeleteSuccessMessage(2))).toBeInTheDocument();
    expect(callsTo(tokens.deleteClient).map((call) => call.body)).toEqual([
      { clientId: one.id },
      { clientId: three.id },
    ]);
    await waitFor(() => expect(rowLabels()).toEqual(['Two']));
    expect(callsTo(tokens.getClients).length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Delete selected/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Two' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all tokens' })).not.toBeChecked();
  });

  it('selects every token with select-all and reports the ones that could not be deleted by short id', async () => {
    const { callsTo, store } = mockTokensApi({ clients: [one, two, three] });
    await openDashboard();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all tokens' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 Tokens' });
    // Deleted elsewhere meanwhile: the API answers 404 for it.
    store.splice(store.indexOf(two), 1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const message = bulkDeleteFailureMessage(['bbb22']);
    expect(message).toBe('Failed to delete 1 of the selected Client Credentials: bbb22');
    const alert = await screen.findByText(message);
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-filledError');
    expect(callsTo(tokens.deleteClient)).toHaveLength(3);
    expect(await screen.findByRole('heading', { name: 'No API Tokens Found' })).toBeInTheDocument();
  });

  it('keeps the tokens and the selection on Cancel', async () => {
    const { callsTo } = mockTokensApi({ clients: [one, two] });
    await openDashboard();
    const dialog = await selectAndOpen(['Two']);
    expect(dialog).toHaveTextContent('The token Two (…bbb22) will be deleted permanently');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(tokens.deleteClient)).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: 'Select Two' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeInTheDocument();
  });
});
