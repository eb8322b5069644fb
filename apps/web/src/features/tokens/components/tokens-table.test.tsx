import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClientId, makeUser } from '@/testing/fixtures';
import { makeClient, mockTokensApi, openDashboard, tableBodyRows, tableHeaders } from '../testing/tokens-api';
import { TOKENS_HEADING } from './tokens-overview';

const trialUser = makeUser({ companyAccountStatus: 'trial' });

describe('dashboard token table', () => {
  it('shows 5 rows a page with a page indicator, and page sizes of 5, 10 and 15', async () => {
    mockTokensApi({ user: trialUser, clients: Array.from({ length: 12 }, () => makeClient()) });
    await openDashboard();
    const pageSize = await screen.findByLabelText('Rows per page');
    expect(
      within(pageSize)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '15']);
    expect(pageSize).toHaveValue('5');
    expect(tableBodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(tableBodyRows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.selectOptions(pageSize, '10');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(tableBodyRows()).toHaveLength(10);
    await userEvent.selectOptions(pageSize, '15');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(tableBodyRows()).toHaveLength(12);
  });

  // The 999-row cap is UNPAGINATED_PAGE_SIZE, pinned in the domain tests; 999 rows are slow in jsdom.
  it('shows every token on one page in unpaginated mode', async () => {
    mockTokensApi({ user: trialUser, clients: Array.from({ length: 17 }, () => makeClient()) });
    await openDashboard();
    await screen.findByText('Page 1 of 4');
    await userEvent.click(screen.getByRole('switch', { name: 'Show all' }));
    expect(tableBodyRows()).toHaveLength(17);
    expect(screen.queryByText(/^Page \d+ of/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show all' }));
    expect(tableBodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
  });

  it('selects rows one by one or all at once', async () => {
    const clients = [makeClient({ label: 'One' }), makeClient({ label: 'Two' })];
    mockTokensApi({ user: trialUser, clients });
    const { history } = await openDashboard();
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all tokens' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select One' }));
    expect(screen.getByRole('checkbox', { name: 'Select One' })).toBeChecked();
    expect(selectAll).toBePartiallyChecked();
    await userEvent.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Two' })).toBeChecked();
    await userEvent.click(selectAll);
    expect(screen.getByRole('checkbox', { name: 'Select One' })).not.toBeChecked();
    expect(selectAll).not.toBePartiallyChecked();
    expect(history.location.pathname).toBe('/dashboard');
  });

  it('opens a token’s details by clicking its row or pressing Enter on it, but not from its buttons', async () => {
    const client = makeClient({ label: 'Scores app' });
    mockTokensApi({ user: trialUser, clients: [client] });
    const { history } = await openDashboard();
    const row = await waitFor(() => tableBodyRows()[0]!);
    within(row).getByRole('checkbox').focus();
    await userEvent.keyboard('{Enter}');
    expect(history.location.pathname).toBe('/dashboard');
    row.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(history.location.pathname).toBe(`/client/${client.id}`));
    await screen.findByRole('heading', { level: 1, name: 'API Token Details' });

    await act(() => history.push('/dashboard'));
    await screen.findByRole('heading', { level: 2, name: TOKENS_HEADING });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Scores app' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Scores app' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/dashboard');

    await userEvent.click(screen.getByText('Scores app'));
    await waitFor(() => expect(history.location.pathname).toBe(`/client/${client.id}`));
  });

  it('stacks each token in one cell on small screens, keeping every detail', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const lastUsedAt = new Date(Date.now() - 2 * 86_400_000 - 60_000).toISOString();
    mockTokensApi({
      user: trialUser,
      clients: [
        makeClient({ id: makeClientId('small9z8y7'), label: 'Phone app' }),
        makeClient({ label: 'Used app', lastUsedAt }),
      ],
    });
    await openDashboard();
    await screen.findByRole('heading', { level: 2, name: TOKENS_HEADING });
    expect(tableHeaders()).toEqual(['', 'API Token']);
    expect(tableBodyRows()[1]).toHaveTextContent('Last used 2 days ago');
    const row = tableBodyRows()[0]!;
    expect(row).toHaveTextContent('Last used Never');
    expect(row).toHaveTextContent('Phone app');
    expect(row).toHaveTextContent('Client ID …9z8y7');
    expect(row).toHaveTextContent('Expires');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Rotate Phone app' })).toBeInTheDocument();
  });
});
