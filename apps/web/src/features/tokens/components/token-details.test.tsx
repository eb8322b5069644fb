import {
  deleteSuccessMessage,
  emptyScope,
  formatDate,
  formatDateTime,
  rotateSuccessMessage,
} from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { internalError, makeClientId } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { holdGetClients, makeClient, mockTokensApi } from '../testing/tokens-api';
import { TOKEN_LOAD_FAILED } from './token-details';
import { NOT_FOUND_HEADING, NOT_FOUND_TEXT } from './token-not-found';

const client = makeClient({
  id: makeClientId('detailxyz98'),
  label: 'Scores app',
  apiType: 'graphql',
  status: 'review',
  inReview: true,
  scope: { ...emptyScope(), nfl: true, mlbPreGame: true },
  createdAt: '2026-02-01T12:00:00.000Z',
  updatedAt: '2026-02-05T12:00:00.000Z',
  expiredAt: null,
});

async function openDetails(id = client.id) {
  const rendered = renderApp(`/client/${id}`);
  await screen.findByRole('heading', { level: 1, name: 'API Token Details' });
  return rendered;
}

/** The definition list's value for a term. */
function valueOf(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('API token details page', () => {
  it('shows every field of the token', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    await openDetails();
    await screen.findByText('Nickname', { selector: 'dt' });
    expect(valueOf('Client ID')).toHaveTextContent(client.id);
    expect(within(valueOf('Client ID')).getByRole('button', { name: 'Copy Client ID' })).toBeInTheDocument();
    expect(valueOf('Nickname')).toHaveTextContent('Scores app');
    expect(valueOf('API Type')).toHaveTextContent('GraphQL');
    expect(valueOf('Status')).toHaveTextContent('Active (Under Review)');
    expect(valueOf('In Review')).toHaveTextContent('Yes');
    expect(valueOf('Description')).toHaveTextContent('Post-Game: NFLPre-Game: MLB');
    expect(valueOf('Created')).toHaveTextContent(formatDate(client.createdAt));
    expect(valueOf('Updated')).toHaveTextContent(formatDate(client.updatedAt));
    expect(valueOf('Expires')).toHaveTextContent('N/A');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'New API Token' })).toHaveAttribute(
      'href',
      '/create-client',
    );
    expect(callsTo(tokens.getClients)[0]?.url).toBe(`/api/GetClients?clientIds=${client.id}`);
  });

  it('shows when the token was last used, with the exact time on hover', async () => {
    const lastUsedAt = new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString();
    mockTokensApi({ clients: [{ ...client, lastUsedAt }] });
    await openDetails();
    await screen.findByText('Last used', { selector: 'dt' });
    const time = within(valueOf('Last used')).getByText('3 hours ago', { exact: false });
    expect(time).toHaveAttribute('datetime', lastUsedAt);
    expect(time).toHaveTextContent(`3 hours ago (${formatDateTime(lastUsedAt)})`);
    await userEvent.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime(lastUsedAt));
  });

  it('says Never for a token the data feed has not verified', async () => {
    mockTokensApi({ clients: [client] });
    await openDetails();
    await screen.findByText('Last used', { selector: 'dt' });
    expect(valueOf('Last used')).toHaveTextContent(/^Never$/);
  });

  it('shows a spinner while the token loads', async () => {
    mockTokensApi({ clients: [client] });
    holdGetClients();
    await openDetails();
    expect(screen.getByRole('progressbar', { name: 'Loading the API token' })).toBeInTheDocument();
  });

  it('says when the token does not exist, with a way back to the dashboard', async () => {
    mockTokensApi({ clients: [client] });
    const { history } = await openDetails(makeClientId('unknown'));
    expect(await screen.findByRole('heading', { level: 2, name: NOT_FOUND_HEADING })).toBeInTheDocument();
    expect(NOT_FOUND_HEADING).toBe('Token not found');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
  });

  it('sends a client ID a rotation replaced to the token’s page', async () => {
    const { replace } = mockTokensApi({ clients: [client] });
    const replaced = makeClientId('replacedold12');
    replace(replaced, client.id);
    const { history } = await openDetails(replaced);
    await waitFor(() => expect(history.location.pathname).toBe(`/client/${client.id}`));
    expect(await screen.findByText('Nickname', { selector: 'dt' })).toBeInTheDocument();
    expect(valueOf('Client ID')).toHaveTextContent(client.id);
    expect(screen.queryByRole('heading', { name: NOT_FOUND_HEADING })).not.toBeInTheDocument();
  });

  it('says the same for an address that names no client ID at all (the API answers 400)', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    await openDetails('not|an%00id');
    expect(await screen.findByRole('heading', { level: 2, name: NOT_FOUND_HEADING })).toBeInTheDocument();
    expect(callsTo(tokens.getClients).map(({ query }) => query.get('clientIds'))).toEqual(['not|an\0id']);
  });

  it('offers a retry when the token could not be loaded, and logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockTokensApi({ getClients: internalError });
    await openDetails();
    expect(await screen.findByText(TOKEN_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The API token could not be loaded.', expect.any(Error));
  });

  it('returns to / with the success snackbar after a delete', async () => {
    const { callsTo } = mockTokensApi({ clients: [client] });
    const { history } = await openDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(deleteSuccessMessage('Scores app'))).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(callsTo(tokens.deleteClient)).toHaveLength(1);
  });

  it('returns to / once the user closes the new credentials after a rotate', async () => {
    mockTokensApi({ clients: [client] });
    const { history } = await openDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate Token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText(rotateSuccessMessage('Scores app'))).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Client Secret' })).toBeInTheDocument();
    expect(history.location.pathname).toBe(`/client/${client.id}`);
    fireEvent.copy(within(dialog).getByRole('textbox', { name: 'Client Secret' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });
});
