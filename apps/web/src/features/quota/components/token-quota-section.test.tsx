import { CAP_REFUSAL, ERROR_CODES, QUOTA_MESSAGES } from '@datafeeds/domain';
import { account, tokens } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeQuota, makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { makeToken, mockQuotaApi } from '../testing/quota-api';
import { capRemovedText, capSetText } from './token-quota-texts';

const token = makeToken({ label: 'Scores app' });
const trial = { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 };

function quotaWith(tokenToday: { usedToday: number; dailyCap: number | null }, more = {}) {
  return makeQuota({
    plan: trial,
    usedToday: 7800,
    tokens: [{ clientId: token.id, ...tokenToday }],
    ...more,
  });
}

async function openSection() {
  renderApp(`/client/${token.id}`);
  const section = await screen.findByRole('region', { name: "Today's requests" });
  await within(section).findByText(/requests? today/);
  return section;
}

async function openCapDialog(section: HTMLElement) {
  await userEvent.click(within(section).getByRole('button', { name: 'Set daily cap' }));
  return screen.findByRole('dialog', { name: 'Daily cap' });
}

const capField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Requests per day' });

describe("a token's part of the quota on API Token Details", () => {
  it("shows the token's requests today, their share of the company's and its cap", async () => {
    mockQuotaApi({
      clients: [{ ...token, dailyCap: 500 }],
      quota: quotaWith({ usedToday: 312, dailyCap: 500 }),
    });
    const section = await openSection();
    expect(section).toHaveTextContent("312 requests today · 4% of the company's use");
    expect(section).toHaveTextContent('Daily cap: 500 requests');
  });

  it('says when the token has no cap of its own: the plan’s quota applies', async () => {
    mockQuotaApi({ clients: [token], quota: quotaWith({ usedToday: 0, dailyCap: null }, { usedToday: 0 }) });
    const section = await openSection();
    expect(section).toHaveTextContent('0 requests today');
    expect(section).not.toHaveTextContent('of the company');
    expect(section).toHaveTextContent("No daily cap — the plan's quota applies");
  });

  it('takes the cap from the token itself when the quota does not list it', async () => {
    mockQuotaApi({
      clients: [{ ...token, dailyCap: 250 }],
      quota: makeQuota({ plan: trial, usedToday: 10 }),
    });
    const section = await openSection();
    expect(section).toHaveTextContent('0 requests today · 0% of the company');
    expect(section).toHaveTextContent('Daily cap: 250 requests');
  });

  it('says when the token used up its cap', async () => {
    mockQuotaApi({ clients: [token], quota: quotaWith({ usedToday: 500, dailyCap: 500 }) });
    const section = await openSection();
    expect(section).toHaveTextContent('This token reached its daily cap');
  });

  it('shows a member the cap disabled with the reason, as Rotate and Delete are', async () => {
    mockQuotaApi({
      user: makeUser({ role: 'member' }),
      clients: [token],
      quota: quotaWith({ usedToday: 312, dailyCap: null }),
    });
    const section = await openSection();
    expect(screen.getByRole('button', { name: 'Rotate' })).toBeDisabled();
    const setCap = within(section).getByRole('button', { name: 'Set daily cap' });
    expect(setCap).toBeDisabled();
    expect(setCap).toHaveAccessibleDescription(CAP_REFUSAL);
    expect(section).toHaveTextContent("Only an admin or the owner can set a token's daily cap.");
  });

  it('checks the cap as the server does, and against the plan’s quota', async () => {
    const { callsTo } = mockQuotaApi({
      user: makeUser({ role: 'admin' }),
      clients: [token],
      quota: quotaWith({ usedToday: 312, dailyCap: null }),
    });
    const dialog = await openCapDialog(await openSection());
    expect(capField(dialog)).toHaveFocus();
    const save = within(dialog).getByRole('button', { name: 'Save cap' });
    await userEvent.click(save);
    expect(capField(dialog)).toHaveAccessibleDescription(QUOTA_MESSAGES.capNotWholeNumber);
    for (const typed of ['12.5', '0', '-3', 'many']) {
      await userEvent.clear(capField(dialog));
      await userEvent.type(capField(dialog), typed);
      await userEvent.click(save);
      expect(capField(dialog)).toHaveAccessibleDescription(QUOTA_MESSAGES.capNotWholeNumber);
    }
    await userEvent.clear(capField(dialog));
    await userEvent.type(capField(dialog), '10000');
    await userEvent.click(save);
    expect(capField(dialog)).toHaveAccessibleDescription(
      "The cap must be lower than your plan's daily quota of 10,000 requests.",
    );
    expect(capField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(tokens.setTokenCap)).toHaveLength(0);
  });

  it('saves a cap typed on the keyboard, says so, and shows it from the reloaded quota', async () => {
    const { callsTo } = mockQuotaApi({
      user: makeUser({ role: 'owner' }),
      clients: [token],
      quota: quotaWith({ usedToday: 312, dailyCap: null }),
    });
    const section = await openSection();
    const quotaCalls = callsTo(account.getQuota).length;
    within(section).getByRole('button', { name: 'Set daily cap' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Daily cap' });
    expect(dialog).toHaveTextContent("Lower than your plan's 10,000 a day. Counted per UTC day.");
    await userEvent.keyboard('2,500{Enter}');
    expect(await screen.findByText(capSetText('Scores app', 2500))).toBeInTheDocument();
    expect(capSetText('Scores app', 2500)).toBe('Scores app is now capped at 2,500 requests a day');
    expect(callsTo(tokens.setTokenCap).map(({ body }) => body)).toEqual([
      { clientId: token.id, dailyCap: 2500 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByText('Daily cap: 2,500 requests')).toBeInTheDocument();
    expect(callsTo(account.getQuota).length).toBeGreaterThan(quotaCalls);
  });

  it('removes a cap', async () => {
    const { callsTo } = mockQuotaApi({
      user: makeUser({ role: 'admin' }),
      clients: [{ ...token, dailyCap: 500 }],
      quota: quotaWith({ usedToday: 312, dailyCap: 500 }),
    });
    const section = await openSection();
    const dialog = await openCapDialog(section);
    expect(capField(dialog)).toHaveValue('500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove cap' }));
    expect(await screen.findByText(capRemovedText('Scores app'))).toBeInTheDocument();
    expect(callsTo(tokens.setTokenCap).map(({ body }) => body)).toEqual([
      { clientId: token.id, dailyCap: null },
    ]);
    expect(await within(section).findByText("No daily cap — the plan's quota applies")).toBeInTheDocument();
  });

  it('accepts any cap on a plan without a daily quota', async () => {
    const { callsTo } = mockQuotaApi({
      user: makeUser({ role: 'admin' }),
      clients: [token],
      quota: makeQuota({
        plan: { name: 'standard', dailyQuota: null, ratePerSecond: 50 },
        tokens: [{ clientId: token.id, usedToday: 3, dailyCap: null }],
      }),
    });
    const section = await openSection();
    expect(section).toHaveTextContent('No daily cap — the plan has no daily quota');
    const dialog = await openCapDialog(section);
    await userEvent.type(capField(dialog), '2000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save cap' }));
    expect(await screen.findByText(capSetText('Scores app', 2_000_000))).toBeInTheDocument();
    expect(callsTo(tokens.setTokenCap)).toHaveLength(1);
  });

  it("shows the server's refusal of the cap on the field, and keeps the dialog open", async () => {
    const refusal = QUOTA_MESSAGES.capTooHigh(5000);
    mockQuotaApi({
      user: makeUser({ role: 'admin' }),
      clients: [token],
      quota: quotaWith({ usedToday: 312, dailyCap: null }),
      // The plan changed to a smaller quota since the page loaded.
      setTokenCap: {
        status: 400,
        body: {
          error: ERROR_CODES.validation,
          message: refusal,
          details: [{ field: 'dailyCap', message: refusal }],
        },
      },
    });
    const dialog = await openCapDialog(await openSection());
    await userEvent.type(capField(dialog), '6000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(capField(dialog)).toHaveAccessibleDescription(refusal));
    expect(capField(dialog)).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Daily cap' })).toBeInTheDocument();
  });

  it('says above the form when the server refuses otherwise', async () => {
    mockQuotaApi({
      user: makeUser({ role: 'admin' }),
      clients: [token],
      quota: quotaWith({ usedToday: 312, dailyCap: null }),
      setTokenCap: { status: 500, body: { error: ERROR_CODES.internal, message: 'Something went wrong' } },
    });
    const dialog = await openCapDialog(await openSection());
    await userEvent.type(capField(dialog), '600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save cap' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The cap could not be saved. Check your connection and try again.',
    );
  });
});
