// The Team page's calls (design §9): the members and pending invitations of the caller's
// company, inviting, resending, revoking, changing roles, removing people and handing ownership over.
// Routes have already checked the role (app.allow with ROLE_POLICY); each change confirms it again in its
// own transaction (confirm-role.ts), then applies the domain's rules about the member changed (the
// owner's role, oneself, a hand-over only to an admin) to the row read in that same transaction, and
// scopes every id to the caller's company.
import {
  INVITATION_TTL_DAYS,
  ROLE_REFUSALS,
  TEAM_MESSAGES,
  handOverRefusal,
  normalizeEmail,
  personName,
  removalRefusal,
  roleChangeRefusal,
  type AssignableRole,
  type PendingInvitation,
  type Team,
  type TeamMember,
} from '@datafeeds/domain';
import { postgresErrorOf, type Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { confirmRole } from '../companies/index.ts';
import { newRandomToken } from '../../../lib/random-token.ts';
import type { AuditContext, AuditLog, RequestOrigin } from '../audit/index.ts';
import { type Mailer, invitationEmail } from '../mail/index.ts';
import type { CompanyCaller, SessionsService } from '../sessions/index.ts';
import type { InvitationRow, MemberRow, TeamRepository } from './team-repository.ts';

export interface TeamServiceDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  team: TeamRepository;
  sessions: Pick<SessionsService, 'revokeAllFor'>;
  mailer: Mailer;
  audit: AuditLog;
}

/** The partial unique index that keeps one pending invitation per company and email. */
const ONE_PENDING_PER_EMAIL = 'invitations_one_pending_per_email';

const memberNotFound = () => notFound(TEAM_MESSAGES.memberNotFound);
const invitationNotFound = () => notFound(TEAM_MESSAGES.invitationNotFound);

function toMember(row: MemberRow): TeamMember {
  return {
    id: row.identityId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    joinedAt: row.createdAt.toISOString(),
  };
}

function toPendingInvitation(row: InvitationRow, invitedBy: string | null): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const asUser = ({ identityId }: CompanyCaller, origin: RequestOrigin): AuditContext => ({
  ...origin,
  actor: { kind: 'user', id: identityId },
});

export function createTeamService(deps: TeamServiceDeps) {
  const { db, clock, team, audit } = deps;
  const expiry = (now: Date) => addSeconds(now, INVITATION_TTL_DAYS * 86_400);

  /** A new link for the invitation: only its hash is stored, the token goes into the email. */
  function newLink(now: Date) {
    const { token, hash } = newRandomToken();
    return { token, tokenHash: hash, expiresAt: expiry(now) };
  }

  /**
   * Writes the link's email into the outbox in the invitation's own transaction: the invitation exists
   * exactly when its email does, and the delivery worker sends it (also after a crash). Answers the
   * inviter's name as the invitation shows it.
   */
  async function sendInvitation(
    caller: CompanyCaller,
    row: InvitationRow,
    token: string,
    tx: Db,
  ): Promise<string | null> {
    const inviter = await team.inviter(caller.identityId, tx);
    const inviterName = inviter ? personName(inviter) : '';
    const email = invitationEmail(row.email, deps.appUrl, token, {
      companyName: inviter?.companyName ?? '',
      inviterName: inviterName || 'A colleague',
      role: row.role,
    });
    await deps.mailer.send(email, tx);
    return inviterName || null;
  }

  return {
    async get({ companyId }: CompanyCaller): Promise<Team> {
      const [members, invitations] = await Promise.all([
        team.members(companyId),
        team.pendingInvitations(companyId),
      ]);
      return {
        members: members.map(toMember),
        invitations: invitations.map(({ invitation, invitedBy }) =>
          toPendingInvitation(invitation, invitedBy),
        ),
      };
    },

    async invite(
      caller: CompanyCaller,
      request: { email: string; role: AssignableRole },
      origin: RequestOrigin,
    ): Promise<PendingInvitation> {
      const email = normalizeEmail(request.email);
      const now = clock.now();
      const link = newLink(now);
      try {
        return await transaction(db, async (tx) => {
          await confirmRole(tx, caller, 'manageTeam');
          if (await team.memberByEmail(caller.companyId, email, tx))
            throw conflict(TEAM_MESSAGES.alreadyMember);
          const invitation = await team.insertInvitation(
            {
              companyId: caller.companyId,
              email,
              role: request.role,
              tokenHash: link.tokenHash,
              invitedBy: caller.identityId,
              createdAt: now,
              expiresAt: link.expiresAt,
            },
            tx,
          );
          await audit.record(tx, {
            kind: 'member.invited',
            context: asUser(caller, origin),
            companyId: caller.companyId,
            detail: { invitationId: invitation.id, email, role: request.role },
          });
          return toPendingInvitation(invitation, await sendInvitation(caller, invitation, link.token, tx));
        });
      } catch (error) {
        // A pending invitation (expired ones too: they are resent, not duplicated) holds the email.
        if (postgresErrorOf(error)?.constraint === ONE_PENDING_PER_EMAIL)
          throw conflict(TEAM_MESSAGES.alreadyInvited);
        throw error;
      }
    },

    /** A new link and a new 7 days; the old link stops working (its hash is replaced). */
    async resend(
      caller: CompanyCaller,
      invitationId: string,
      origin: RequestOrigin,
    ): Promise<PendingInvitation> {
      const now = clock.now();
      const link = newLink(now);
      return transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'manageTeam');
        const invitation = await team.pendingInvitation(caller.companyId, invitationId, tx);
        if (!invitation) throw invitationNotFound();
        await team.keepOldLink(invitation.tokenHash, invitation.id, now, tx);
        const renewed = await team.updateInvitation(
          invitation.id,
          { tokenHash: link.tokenHash, expiresAt: link.expiresAt },
          tx,
        );
        await audit.record(tx, {
          kind: 'invitation.resent',
          context: asUser(caller, origin),
          companyId: caller.companyId,
          detail: { invitationId: invitation.id, email: invitation.email, role: invitation.role },
        });
        return toPendingInvitation(renewed, await sendInvitation(caller, renewed, link.token, tx));
      });
    },

    async revoke(caller: CompanyCaller, invitationId: string, origin: RequestOrigin): Promise<void> {
      await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'manageTeam');
        const invitation = await team.pendingInvitation(caller.companyId, invitationId, tx);
        if (!invitation) throw invitationNotFound();
        await team.updateInvitation(invitation.id, { revokedAt: clock.now() }, tx);
        await audit.record(tx, {
          kind: 'invitation.revoked',
          context: asUser(caller, origin),
          companyId: caller.companyId,
          detail: { invitationId: invitation.id, email: invitation.email, role: invitation.role },
        });
      });
    },

    async changeRole(
      caller: CompanyCaller,
      request: { memberId: string; role: AssignableRole },
      origin: RequestOrigin,
    ): Promise<TeamMember> {
      return transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'manageTeam');
        const member = await team.member(caller.companyId, request.memberId, tx);
        if (!member) throw memberNotFound();
        const refusal = roleChangeRefusal(member);
        if (refusal) throw conflict(refusal);
        if (member.role === request.role) return toMember(member);
        await team.setRole(member.identityId, caller.companyId, request.role, clock.now(), tx);
        await audit.record(tx, {
          kind: 'member.role_changed',
          context: asUser(caller, origin),
          companyId: caller.companyId,
          detail: { memberId: member.identityId, email: member.email, from: member.role, to: request.role },
        });
        return toMember({ ...member, role: request.role });
      });
    },

    /**
     * Takes a member out of the company: their profile goes (they become company-less and may be invited
     * again), every session of theirs ends in the same transaction, and their tokens stay with the company.
     */
    async remove(caller: CompanyCaller, memberId: string, origin: RequestOrigin): Promise<void> {
      await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'manageTeam');
        const member = await team.member(caller.companyId, memberId, tx);
        if (!member) throw memberNotFound();
        const refusal = removalRefusal(caller.identityId, { id: member.identityId, role: member.role });
        if (refusal) throw conflict(refusal);
        await team.removeMember(member.identityId, caller.companyId, tx);
        // Kept so that, signing in again without a company, they are told why (GetRemoval).
        const remover = await team.inviter(caller.identityId, tx);
        const removal = {
          identityId: member.identityId,
          companyName: remover?.companyName ?? '',
          removedBy: remover ? personName(remover) || null : null,
        };
        await team.recordRemoval(removal, clock.now(), tx);
        await deps.sessions.revokeAllFor(member.identityId, undefined, tx);
        await audit.record(tx, {
          kind: 'member.removed',
          context: asUser(caller, origin),
          companyId: caller.companyId,
          detail: { memberId: member.identityId, email: member.email, role: member.role },
        });
      });
    },

    /**
     * The owner hands ownership to an admin: the owner is demoted first, then the admin promoted, in one
     * transaction — the partial unique index (one owner per company) holds at every step, and a second
     * hand-over racing this one finds its caller no longer the owner.
     */
    async transferOwnership(caller: CompanyCaller, memberId: string, origin: RequestOrigin): Promise<void> {
      await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'transferOwnership');
        const member = await team.member(caller.companyId, memberId, tx);
        if (!member) throw memberNotFound();
        const refusal = handOverRefusal(member);
        if (refusal) throw conflict(refusal);
        const now = clock.now();
        if (!(await team.demoteOwner(caller.identityId, caller.companyId, now, tx)))
          throw forbidden(ROLE_REFUSALS.transferOwnership);
        await team.setRole(member.identityId, caller.companyId, 'owner', now, tx);
        await audit.record(tx, {
          kind: 'ownership.transferred',
          context: asUser(caller, origin),
          companyId: caller.companyId,
          detail: { fromMemberId: caller.identityId, toMemberId: member.identityId, toEmail: member.email },
        });
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
