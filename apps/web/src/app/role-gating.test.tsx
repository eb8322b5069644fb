// What each role sees of the token and account actions (design §9): the same sentences the API refuses
// with stand where a member's buttons would be.
import { ROLE_REFUSALS, type CompanyRole } from '@datafeeds/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClientId, makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { upgradeRequestedText } from '@/features/upgrade/components/upgrade-account-button';
import { makeClient, mockTokensApi, openDashboard } from '@/features/tokens/testing/tokens-api';
import { WHY_NO_ACTIONS } from '@/features/tokens/components/tokens-table-head';

afterEach(() => {
  vi.unstubAllGlobals();
});

const token = makeClient({ id: makeClientId('rolesab12'), label: 'Scores app' });
const asRole = (role: CompanyRole, overrides = {}) =>
  mockTokensApi({ user: makeUser({ role, ...overrides }), clients: [token] });

describe('token actions by role', () => {
  it('a member sees the tokens without rotate or delete on the rows, and selecting says why', async () => {
    asRole('member');
    await openDashboard();
    await screen.findByRole('table', { name: 'API Tokens' });
    expect(screen.queryByRole('button', { name: 'Delete Scores app' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate Scores app' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Scores app' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected tokens' });
    expect(within(toolbar).queryByRole('button', { name: /^Delete selected/ })).toBeNull();
    expect(toolbar).toHaveTextContent(ROLE_REFUSALS.deleteToken);
  });

  it("a member's empty Action column says why: the policy's sentences, on hover or focus", async () => {
    asRole('member');
    await openDashboard();
    const action = await screen.findByRole('columnheader', { name: /^Action/ });
    const why = within(action).getByRole('button', { name: WHY_NO_ACTIONS });
    await userEvent.hover(why);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(ROLE_REFUSALS.rotateToken);
    expect(tooltip).toHaveTextContent(ROLE_REFUSALS.deleteToken);
  });

  it("an admin's Action column holds the buttons and no explanation", async () => {
    asRole('admin');
    await openDashboard();
    const action = await screen.findByRole('columnheader', { name: /^Action/ });
    expect(within(action).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Scores app' })).toBeInTheDocument();
  });

  it("a member's token details page disables Rotate and Delete and gives both reasons", async () => {
    asRole('member');
    renderApp(`/client/${token.id}`);
    const rotate = await screen.findByRole('button', { name: 'Rotate' });
    expect(rotate).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByText(ROLE_REFUSALS.rotateToken)).toBeInTheDocument();
    expect(screen.getByText(ROLE_REFUSALS.deleteToken)).toBeInTheDocument();
  });

  it('an admin rotates and deletes, from the rows and the details page', async () => {
    asRole('admin');
    await openDashboard();
    expect(await screen.findByRole('button', { name: 'Delete Scores app' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rotate Scores app' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Scores app' }));
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeEnabled();
    expect(screen.queryByText(ROLE_REFUSALS.deleteToken)).toBeNull();
  });
});

describe('the upgrade request by role', () => {
  it('only the owner gets the button; an admin reads why', async () => {
    asRole('admin');
    await openDashboard();
    expect(await screen.findByText(ROLE_REFUSALS.requestUpgrade)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade To Paid Account' })).toBeNull();
  });

  it('the owner gets the button', async () => {
    asRole('owner');
    await openDashboard();
    expect(await screen.findByRole('button', { name: 'Upgrade To Paid Account' })).toBeInTheDocument();
    expect(screen.queryByText(ROLE_REFUSALS.requestUpgrade)).toBeNull();
  });

  it('once requested, a member sees when, not the reason', async () => {
    asRole('member', { upgradeRequestedAt: '2026-03-01T10:00:00.000Z' });
    await openDashboard();
    expect(await screen.findByText(upgradeRequestedText('2026-03-01T10:00:00.000Z'))).toBeInTheDocument();
    expect(screen.queryByText(ROLE_REFUSALS.requestUpgrade)).toBeNull();
  });
});

describe("the company's name by role", () => {
  it('is read-only for a member, with the reason, and editable for an admin', async () => {
    asRole('member');
    const first = renderApp('/profile');
    const company = await screen.findByLabelText(/Company Name/, { selector: 'input' });
    expect(company).toHaveAttribute('readonly');
    expect(screen.getByText(ROLE_REFUSALS.renameCompany)).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    asRole('admin');
    renderApp('/profile');
    const editable = await screen.findByLabelText(/Company Name/, { selector: 'input' });
    expect(editable).not.toHaveAttribute('readonly');
    expect(screen.queryByText(ROLE_REFUSALS.renameCompany)).toBeNull();
  });
});
