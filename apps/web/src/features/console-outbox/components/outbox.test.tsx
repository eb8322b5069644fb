import { CONSOLE_TOOL_MESSAGES, type OutboxEmail } from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { config } from '@/testing/console-doubles';
import { enabledButton, renderTool, signedInAs } from '@/testing/console-tool-screens';

const EMAIL_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const failed: OutboxEmail = {
  id: EMAIL_ID,
  to: 'grace@acme.example',
  subject: 'Reset your password',
  status: 'failed',
  attempts: 5,
  createdAt: '2026-11-24T09:00:00.000Z',
  lastAttemptAt: '2026-11-24T11:00:00.000Z',
  nextAttemptAt: null,
  lastError: '550 mailbox unavailable',
  failedAt: '2026-11-24T11:00:00.000Z',
};
const pending: OutboxEmail = {
  ...failed,
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  to: 'linus@acme.example',
  subject: 'Verify your email',
  status: 'pending',
  attempts: 1,
  failedAt: null,
  nextAttemptAt: '2026-11-26T05:00:00.000Z',
  lastError: 'Connection timed out',
};

/** Queued a moment ago, not tried yet: nothing to retry. */
const queued: OutboxEmail = {
  ...pending,
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  to: 'margaret@acme.example',
  attempts: 0,
  lastAttemptAt: null,
  lastError: null,
};

const outbox = answer(consoleTools.listOutbox, (request) => ({
  body: { emails: request.query.get('status') === 'pending' ? [pending, queued] : [failed] },
}));

async function openScreen(path = '/console/outbox') {
  renderTool(path);
  await screen.findByRole('heading', { level: 1, name: 'Email outbox' });
}

describe('email outbox', () => {
  it('lists the failed emails by default, and the pending ones on request', async () => {
    const { callsTo } = mockCalls(config, signedInAs('support'), outbox);
    await openScreen();
    const table = await screen.findByRole('table', { name: 'Failed emails' });
    expect(table).toHaveTextContent('grace@acme.example');
    expect(table).toHaveTextContent('Reset your password');
    expect(table).toHaveTextContent('550 mailbox unavailable');
    expect(callsTo(consoleTools.listOutbox)[0]?.query.get('status')).toBe('failed');

    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    const pendingTable = await screen.findByRole('table', { name: 'Pending emails' });
    expect(pendingTable).toHaveTextContent('linus@acme.example');
    expect(callsTo(consoleTools.listOutbox).at(-1)?.query.get('status')).toBe('pending');
  });

  it('offers to try a failing email at once, not one still waiting for its first attempt', async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('support'),
      outbox,
      answer(consoleTools.retryEmail, { body: { message: CONSOLE_TOOL_MESSAGES.emailRetried(pending.to) } }),
    );
    // The overview's "Failing emails" links here.
    await openScreen('/console/outbox?status=pending');
    const table = await screen.findByRole('table', { name: 'Pending emails' });
    expect(
      within(table).queryByRole('button', { name: 'Retry the email to margaret@acme.example' }),
    ).toBeNull();
    await userEvent.click(await enabledButton('Retry the email to linus@acme.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Retry email' });
    expect(dialog).toHaveTextContent('It is tried at once rather than at its next attempt.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(CONSOLE_TOOL_MESSAGES.emailRetried(pending.to))).toBeInTheDocument();
    expect(callsTo(consoleTools.retryEmail)[0]?.body).toEqual({ id: pending.id });
  });

  it('says so when no email failed', async () => {
    mockCalls(config, signedInAs('support'), answer(consoleTools.listOutbox, { body: { emails: [] } }));
    await openScreen();
    expect(await screen.findByText('No failed emails.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('retries a failed email after a confirmation, and says so', async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('support'),
      outbox,
      answer(consoleTools.retryEmail, { body: { message: CONSOLE_TOOL_MESSAGES.emailRetried(failed.to) } }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Retry the email to grace@acme.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Retry email' });
    expect(dialog).toHaveTextContent('grace@acme.example');
    expect(callsTo(consoleTools.retryEmail)).toHaveLength(0);
    const listed = callsTo(consoleTools.listOutbox).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(CONSOLE_TOOL_MESSAGES.emailRetried(failed.to))).toBeInTheDocument();
    expect(callsTo(consoleTools.retryEmail)[0]?.body).toEqual({ id: EMAIL_ID });
    await waitFor(() => expect(callsTo(consoleTools.listOutbox).length).toBeGreaterThan(listed));
  });

  it('does not retry when the confirmation is cancelled', async () => {
    const { callsTo } = mockCalls(config, signedInAs('admin'), outbox);
    await openScreen();
    await userEvent.click(await enabledButton('Retry the email to grace@acme.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Retry email' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(consoleTools.retryEmail)).toHaveLength(0);
  });
});
