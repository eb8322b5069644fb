import { CONSOLE_REFUSALS, CONSOLE_TOOL_MESSAGES, type VerifierKey } from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { config } from '@/testing/console-doubles';
import { enabledButton, renderTool, signedInAs } from '@/testing/console-tool-screens';

const KEY_ID = '0e7f6a52-3c1b-4f0e-9a7d-2b8c4d6e8f10';
const feedKey: VerifierKey = {
  id: KEY_ID,
  name: 'football-feed',
  keyStart: 'dfvk_ab12',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-25T08:30:00.000Z',
  revokedAt: null,
};
const oldKey: VerifierKey = {
  id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  name: 'old-feed',
  keyStart: 'dfvk_zz99',
  createdAt: '2026-01-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: '2026-06-01T10:00:00.000Z',
};
const keys = answer(consoleTools.listVerifierKeys, { body: { keys: [feedKey, oldKey] } });
const SECRET = 'dfvk_ab12_the-whole-secret-key-value';

async function openScreen() {
  const app = renderTool('/console/verifier-keys');
  await screen.findByRole('heading', { level: 1, name: 'Verifier keys' });
  return app;
}

describe('verifier keys', () => {
  it('lists the keys with their start, dates and revocation, never a key', async () => {
    mockCalls(config, signedInAs('admin'), keys);
    await openScreen();
    const table = await screen.findByRole('table', { name: 'Verifier keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('football-feed');
    expect(rows[1]).toHaveTextContent('dfvk_ab12…');
    expect(rows[2]).toHaveTextContent('Never');
    expect(within(rows[2]!).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('shows the new key once, with a copy button, guards it from Escape and an uncopied Done, and forgets it when closed', async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      keys,
      answer(consoleTools.createVerifierKey, {
        body: {
          key: {
            ...feedKey,
            id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
            name: 'tennis-feed',
            lastUsedAt: null,
          },
          secret: SECRET,
          message: CONSOLE_TOOL_MESSAGES.verifierKeyCreated('tennis-feed'),
        },
      }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Create key'));
    const dialog = await screen.findByRole('dialog', { name: 'Create verifier key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Name the data feed this key is for.')).toBeInTheDocument();
    expect(callsTo(consoleTools.createVerifierKey)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name', { selector: 'input' }), 'tennis-feed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Verifier key created' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/it is not shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy verifier key' })).toBeInTheDocument();
    expect(callsTo(consoleTools.createVerifierKey)[0]?.body).toEqual({ name: 'tennis-feed' });

    // Escape does not lose the key; "Done" before copying it asks first.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Verifier key created' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    const leave = await screen.findByRole('dialog', { name: CONSOLE_TOOL_MESSAGES.verifierKeyLeaveTitle });
    expect(leave).toHaveTextContent(CONSOLE_TOOL_MESSAGES.verifierKeyLeaveText);
    await userEvent.click(within(leave).getByRole('button', { name: 'Stay and copy' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: CONSOLE_TOOL_MESSAGES.verifierKeyLeaveTitle })).toBeNull(),
    );
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: CONSOLE_TOOL_MESSAGES.verifierKeyLeaveTitle }),
      ).getByRole('button', { name: 'Leave anyway' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const again = await screen.findByRole('dialog', { name: 'Create verifier key' });
    expect(within(again).queryByText(SECRET)).toBeNull();
    expect(within(again).getByLabelText('Name', { selector: 'input' })).toHaveValue('');
  });

  it('revokes a key after a confirmation naming it, and says so', async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      keys,
      answer(consoleTools.revokeVerifierKey, {
        body: { message: CONSOLE_TOOL_MESSAGES.verifierKeyRevoked('football-feed') },
      }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Revoke football-feed'));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke verifier key' });
    expect(dialog).toHaveTextContent('football-feed');
    expect(callsTo(consoleTools.revokeVerifierKey)).toHaveLength(0);
    const listed = callsTo(consoleTools.listVerifierKeys).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText(CONSOLE_TOOL_MESSAGES.verifierKeyRevoked('football-feed')),
    ).toBeInTheDocument();
    expect(callsTo(consoleTools.revokeVerifierKey)[0]?.body).toEqual({ id: KEY_ID });
    await waitFor(() => expect(callsTo(consoleTools.listVerifierKeys).length).toBeGreaterThan(listed));
  });

  it("keeps the server's refusal of a revocation in the dialog", async () => {
    mockCalls(
      config,
      signedInAs('admin'),
      keys,
      answer(consoleTools.revokeVerifierKey, {
        status: 409,
        body: { error: 'conflict', message: CONSOLE_TOOL_MESSAGES.verifierKeyAlreadyRevoked },
      }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Revoke football-feed'));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke verifier key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CONSOLE_TOOL_MESSAGES.verifierKeyAlreadyRevoked,
    );
  });

  it('offers support staff no change, with the reason', async () => {
    mockCalls(config, signedInAs('support'), keys);
    await openScreen();
    await screen.findByRole('table', { name: 'Verifier keys' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create key' })).toHaveAccessibleDescription(
        CONSOLE_REFUSALS.manageVerifierKeys,
      ),
    );
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revoke football-feed' })).toBeDisabled();
  });

  it('keeps the dialog open with the reason when the key could not be created', async () => {
    mockCalls(
      config,
      signedInAs('admin'),
      keys,
      answer(consoleTools.createVerifierKey, {
        status: 403,
        body: { error: 'forbidden', message: CONSOLE_REFUSALS.manageVerifierKeys },
      }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Create key'));
    const dialog = await screen.findByRole('dialog', { name: 'Create verifier key' });
    await userEvent.type(within(dialog).getByLabelText('Name', { selector: 'input' }), 'tennis-feed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONSOLE_REFUSALS.manageVerifierKeys);
    expect(screen.queryByRole('dialog', { name: 'Verifier key created' })).toBeNull();
  });

  it('says when the keys could not be loaded, and asks again', async () => {
    let failing = true;
    mockCalls(
      config,
      signedInAs('admin'),
      answer(consoleTools.listVerifierKeys, () =>
        failing ? { status: 503 } : { body: { keys: [feedKey] } },
      ),
    );
    await openScreen();
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Verifier keys' })).toHaveTextContent('football-feed');
  });
});
