import { CONSOLE_REFUSALS, CONSOLE_TOOL_MESSAGES, type ConsoleStaffMember } from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { config } from '@/testing/console-doubles';
import { adminAccount, enabledButton, renderTool, signedInAs } from '@/testing/console-tool-screens';

const GRACE_ID = '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c';
const OLD_ID = '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const LINUS_ID = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const members: ConsoleStaffMember[] = [
  adminAccount,
  {
    id: GRACE_ID,
    email: 'grace@datafeeds.example',
    role: 'support',
    state: 'active',
    lockedUntil: null,
    createdAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: OLD_ID,
    email: 'old@datafeeds.example',
    role: 'support',
    state: 'disabled',
    lockedUntil: null,
    createdAt: '2026-03-01T00:00:00.000Z',
  },
  {
    id: LINUS_ID,
    email: 'linus@datafeeds.example',
    role: 'admin',
    state: 'active',
    lockedUntil: '2026-05-04T10:15:00.000Z',
    createdAt: '2026-04-01T00:00:00.000Z',
  },
];
const staff = answer(consoleTools.listStaff, { body: { staff: members } });

async function openScreen() {
  renderTool('/console/staff');
  await screen.findByRole('heading', { level: 1, name: 'Staff' });
}

describe('staff', () => {
  it('shows support staff the refusal and never asks for the list', async () => {
    const { callsTo } = mockCalls(config, signedInAs('support'), staff);
    await openScreen();
    expect(await screen.findByText(CONSOLE_REFUSALS.manageStaff)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite staff member' })).toBeNull();
    expect(callsTo(consoleTools.listStaff)).toHaveLength(0);
  });

  it('lists the staff for an admin, who cannot disable themselves', async () => {
    mockCalls(config, signedInAs('admin'), staff);
    await openScreen();
    const rows = within(await screen.findByRole('table', { name: 'Staff' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('ada@datafeeds.example');
    expect(rows[1]).toHaveTextContent('You');
    expect(rows[2]).toHaveTextContent('SupportActive');
    expect(rows[3]).toHaveTextContent('Disabled');
    const disableMe = screen.getByRole('button', { name: 'Disable ada@datafeeds.example' });
    expect(disableMe).toBeDisabled();
    expect(disableMe).toHaveAccessibleDescription(CONSOLE_TOOL_MESSAGES.notYourself);
    expect(screen.getByRole('button', { name: 'Disable grace@datafeeds.example' })).toBeEnabled();
  });

  it('offers to enable a disabled member instead of resetting their authenticator', async () => {
    const message = CONSOLE_TOOL_MESSAGES.staffEnabled('old@datafeeds.example');
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      staff,
      answer(consoleTools.enableStaff, { body: { message } }),
    );
    await openScreen();
    expect(await screen.findByRole('button', { name: 'Enable old@datafeeds.example' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable old@datafeeds.example' })).toBeNull();
    const reset = screen.getByRole('button', { name: 'Reset MFA for old@datafeeds.example' });
    expect(reset).toBeDisabled();
    expect(reset).toHaveAccessibleDescription(CONSOLE_TOOL_MESSAGES.staffDisabledNoReset);
    await userEvent.click(await enabledButton('Enable old@datafeeds.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Enable staff member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(consoleTools.enableStaff)[0]?.body).toEqual({ id: OLD_ID });
  });

  it('shows a locked member as locked until a time, and unlocks them', async () => {
    const message = CONSOLE_TOOL_MESSAGES.staffUnlocked('linus@datafeeds.example');
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      staff,
      answer(consoleTools.unlockStaff, { body: { message } }),
    );
    await openScreen();
    const rows = within(await screen.findByRole('table', { name: 'Staff' })).getAllByRole('row');
    expect(rows[4]).toHaveTextContent(/Locked until May 4, 2026/);
    expect(rows[4]).not.toHaveTextContent('Active');
    expect(screen.queryByRole('button', { name: 'Unlock grace@datafeeds.example' })).toBeNull();
    await userEvent.click(await enabledButton('Unlock linus@datafeeds.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock staff member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(consoleTools.unlockStaff)[0]?.body).toEqual({ id: LINUS_ID });
  });

  it('invites a staff member, who is sent a setup link', async () => {
    const message = CONSOLE_TOOL_MESSAGES.staffCreated('linus@datafeeds.example');
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      staff,
      answer(consoleTools.createStaff, { status: 201, body: { message } }),
    );
    await openScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff member' });
    await userEvent.type(
      within(dialog).getByLabelText('Email', { selector: 'input' }),
      'linus@datafeeds.example',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send setup link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(message).toMatch(/setup link is on its way/);
    expect(callsTo(consoleTools.createStaff)[0]?.body).toEqual({
      email: 'linus@datafeeds.example',
      role: 'admin',
    });
  });

  it('puts an address already in use on the email field', async () => {
    mockCalls(
      config,
      signedInAs('admin'),
      staff,
      answer(consoleTools.createStaff, {
        status: 409,
        body: { error: 'conflict', message: CONSOLE_TOOL_MESSAGES.staffExists },
      }),
    );
    await openScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff member' });
    const email = within(dialog).getByLabelText('Email', { selector: 'input' });
    await userEvent.type(email, 'grace@datafeeds.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send setup link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(CONSOLE_TOOL_MESSAGES.staffExists));
  });

  it('disables a member after a confirmation', async () => {
    const message = CONSOLE_TOOL_MESSAGES.staffDisabled('grace@datafeeds.example');
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      staff,
      answer(consoleTools.disableStaff, { body: { message } }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Disable grace@datafeeds.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Disable staff member' });
    expect(dialog).toHaveTextContent('grace@datafeeds.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(consoleTools.disableStaff)[0]?.body).toEqual({ id: GRACE_ID });
  });

  it("resets a member's authenticator after a confirmation", async () => {
    const message = CONSOLE_TOOL_MESSAGES.staffMfaReset('grace@datafeeds.example');
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      staff,
      answer(consoleTools.resetStaffMfa, { body: { message } }),
    );
    await openScreen();
    await userEvent.click(await enabledButton('Reset MFA for grace@datafeeds.example'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset authenticator' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(consoleTools.resetStaffMfa)[0]?.body).toEqual({ id: GRACE_ID });
    expect(callsTo(consoleTools.disableStaff)).toHaveLength(0);
  });
});
