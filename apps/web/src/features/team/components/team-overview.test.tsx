import { ROLE_REFUSALS, TEAM_MESSAGES, formatDate } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { admin, makeInvitation, makeUuid, member, mockTeamApi, owner } from '../testing/team-api';
import { INVITE_DIALOG_TITLE } from './invite-member-dialog';
import { OWNER_DIALOG_TITLE, REMOVE_DIALOG_TITLE } from './member-confirm-dialogs';
import { EXPIRED, INVITE_BUTTON, YOU_MARKER, joinedText } from './team-texts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTeam() {
  renderApp('/team');
  await screen.findByRole('heading', { level: 1, name: 'Team' });
  return screen.findByRole('list', { name: 'Members' });
}

const row = (list: HTMLElement, name: string) => within(list).getByRole('listitem', { name });
const actionsOf = (name: string) => screen.queryByRole('button', { name: `Actions for ${name}` });

describe('Team page', () => {
  it('is in the sidebar right after Profile and lists members with role, joined date and "You"', async () => {
    mockTeamApi({ signedInAs: owner });
    const list = await openTeam();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.indexOf('Team')).toBe(links.indexOf('Profile') + 1);
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');

    const ownerRow = row(list, 'Olivia Tester');
    expect(ownerRow).toHaveTextContent('olivia@example.com');
    expect(ownerRow).toHaveTextContent('Owner');
    expect(ownerRow).toHaveTextContent(joinedText(owner.joinedAt));
    expect(within(ownerRow).getByText(YOU_MARKER)).toBeInTheDocument();
    expect(within(row(list, 'Adam Tester')).queryByText(YOU_MARKER)).toBeNull();
    expect(row(list, 'Mia Tester')).toHaveTextContent('Member');
  });

  it('shows pending invitations with role, inviter and expiry, and "Expired" once past', async () => {
    mockTeamApi({
      signedInAs: owner,
      invitations: [
        makeInvitation({ id: makeUuid(201), email: 'fresh@example.com', role: 'admin' }),
        makeInvitation({
          id: makeUuid(202),
          email: 'late@example.com',
          expiresAt: '2026-01-01T00:00:00.000Z',
        }),
      ],
    });
    await openTeam();
    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    const fresh = within(invitations).getByRole('listitem', { name: 'fresh@example.com' });
    expect(fresh).toHaveTextContent('Admin · invited by Olivia Tester');
    expect(fresh).toHaveTextContent(/^fresh@example.com.*Expires /);
    expect(fresh).not.toHaveTextContent(EXPIRED);
    const late = within(invitations).getByRole('listitem', { name: 'late@example.com' });
    expect(late).toHaveTextContent(EXPIRED);
    expect(late).not.toHaveTextContent(`Expires ${formatDate('2026-01-01T00:00:00.000Z')}`);
  });

  it('is read-only for a member, and says why', async () => {
    const { calls } = mockTeamApi({ signedInAs: member });
    const list = await openTeam();
    expect(screen.getByText(ROLE_REFUSALS.manageTeam)).toBeInTheDocument();
    expect(within(row(list, 'Mia Tester')).getByText(YOU_MARKER)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: INVITE_BUTTON })).toBeNull();
    expect(actionsOf('Adam Tester')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Resend/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(calls.every(({ method }) => method === 'GET')).toBe(true);
  });

  it('gives an admin the invite button and member actions, but no hand-over and none on the owner or self', async () => {
    mockTeamApi({ signedInAs: admin });
    await openTeam();
    expect(screen.queryByText(ROLE_REFUSALS.manageTeam)).toBeNull();
    expect(screen.getByRole('button', { name: INVITE_BUTTON })).toBeInTheDocument();
    expect(actionsOf('Olivia Tester')).toBeNull();
    expect(actionsOf('Adam Tester')).toBeNull();
    await userEvent.click(actionsOf('Mia Tester') as HTMLElement);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make admin', 'Remove from team']);
  });

  it('changes a member into an admin, and the list shows it', async () => {
    const { callsTo } = mockTeamApi({ signedInAs: owner });
    const list = await openTeam();
    await userEvent.click(actionsOf('Mia Tester') as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    await screen.findByText('Mia Tester is now an admin.');
    expect(callsTo(team.changeMemberRole).map(({ body }) => body)).toEqual([
      { memberId: member.id, role: 'admin' },
    ]);
    await waitFor(() => expect(row(list, 'Mia Tester')).toHaveTextContent('Admin'));
  });

  it('removes a member after a confirmation that explains sessions and tokens', async () => {
    const { callsTo } = mockTeamApi({ signedInAs: owner });
    const list = await openTeam();
    await userEvent.click(actionsOf('Mia Tester') as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from team' }));
    const dialog = await screen.findByRole('dialog', { name: REMOVE_DIALOG_TITLE });
    expect(dialog).toHaveTextContent('Mia Tester will be signed out everywhere at once');
    expect(dialog).toHaveTextContent('The tokens they created stay with the company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(team.removeMember)).toHaveLength(0);

    await userEvent.click(actionsOf('Mia Tester') as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from team' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: REMOVE_DIALOG_TITLE })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await screen.findByText('Mia Tester was removed from the team.');
    expect(callsTo(team.removeMember).map(({ body }) => body)).toEqual([{ memberId: member.id }]);
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Mia Tester' })).toBeNull());
  });

  it("lets the owner hand ownership to an admin after confirming, and shows the server's refusal otherwise", async () => {
    const { callsTo } = mockTeamApi({ signedInAs: owner });
    const list = await openTeam();
    await userEvent.click(actionsOf('Mia Tester') as HTMLElement);
    expect(screen.queryByRole('menuitem', { name: 'Make owner' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(actionsOf('Adam Tester') as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make owner' }));
    const dialog = await screen.findByRole('dialog', { name: OWNER_DIALOG_TITLE });
    expect(dialog).toHaveTextContent('you become an admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make owner' }));
    await screen.findByText('Adam Tester is now the owner of the company.');
    expect(callsTo(team.transferOwnership).map(({ body }) => body)).toEqual([{ memberId: admin.id }]);
    await waitFor(() => expect(row(list, 'Adam Tester')).toHaveTextContent('Owner'));
    // The former owner is an admin now: no more hand-over for them.
    await waitFor(() => expect(row(list, 'Olivia Tester')).toHaveTextContent('Admin'));
  });

  it('resends and revokes an invitation', async () => {
    const { callsTo } = mockTeamApi({ signedInAs: admin });
    await openTeam();
    await userEvent.click(
      screen.getByRole('button', { name: 'Resend the invitation to new.person@example.com' }),
    );
    await screen.findByText('A new invitation link was sent to new.person@example.com.');
    expect(callsTo(team.resendInvitation).map(({ body }) => body)).toEqual([
      { invitationId: makeInvitation().id },
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke the invitation to new.person@example.com' }),
    );
    await screen.findByText('The invitation to new.person@example.com was withdrawn.');
    expect(await screen.findByText('No invitations are waiting for an answer.')).toBeInTheDocument();
  });
});

describe('Invite member dialog', () => {
  async function openInviteDialog() {
    await openTeam();
    await userEvent.click(screen.getByRole('button', { name: INVITE_BUTTON }));
    return screen.findByRole('dialog', { name: INVITE_DIALOG_TITLE });
  }

  it('checks the email before sending, then invites with the chosen role', async () => {
    const { callsTo } = mockTeamApi({ signedInAs: owner, invitations: [] });
    const dialog = await openInviteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(callsTo(team.inviteMember)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(callsTo(team.inviteMember)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to grace@example.com.');
    expect(callsTo(team.inviteMember).map(({ body }) => body)).toEqual([
      { email: 'grace@example.com', role: 'admin' },
    ]);
    expect(
      await within(await screen.findByRole('list', { name: 'Pending invitations' })).findByRole('listitem', {
        name: 'grace@example.com',
      }),
    ).toHaveTextContent('Admin');
  });

  it("shows the server's refusal on the email field", async () => {
    // new.person@example.com has a pending invitation already.
    const { callsTo } = mockTeamApi({ signedInAs: owner });
    const dialog = await openInviteDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new.person@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(TEAM_MESSAGES.alreadyInvited)).toBeInTheDocument();
    expect(callsTo(team.inviteMember)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: INVITE_DIALOG_TITLE })).toBeInTheDocument();
  });
});
