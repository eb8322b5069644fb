// Following an invitation link (design §9): what it offers, registering through it, and a
// signed-in person without a company joining through it. A link works once: the invitation row is locked
// and marked accepted by a conditional update in the transaction that adds the member, so of two
// concurrent uses exactly one wins. A bad link is a clear 404/410 with its own code, never a 500.
import {
  ERROR_CODES,
  INVITATION_PROBLEM_MESSAGES,
  JOIN_REFUSAL_MESSAGES,
  normalizeEmail,
  type InvitationProblem,
  type InvitationSummary,
  type JoinRefusal,
  type RemovalResponse,
  type RegisterWithInvitationRequest,
  type User,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, forbidden, profileNotFound } from '../../../lib/errors.ts';
import { hashToken } from '../../../lib/random-token.ts';
import type { AuditLog, RequestOrigin } from '../audit/index.ts';
import type { CredentialStore } from '../credentials/index.ts';
import type { AuthContext, SessionTokens } from '../sessions/index.ts';
import type { AccountsService } from './accounts-service.ts';
import type { UsersRepository } from './users-repository.ts';
import type { InvitationRow, TeamRepository } from '../team/index.ts';

export interface InvitationsServiceDeps {
  db: Db;
  clock: Clock;
  team: TeamRepository;
  users: UsersRepository;
  accounts: Pick<AccountsService, 'registerInvited'>;
  /** Joining through the link proves the address, which makes the person's pending tokens usable. */
  credentials: Pick<CredentialStore, 'activatePending'>;
  audit: AuditLog;
}

/** Names for a company-less identity that joins without giving any (the profile page can change them). */
interface JoinNames {
  firstName?: string;
  lastName?: string;
}

function invitationProblem(problem: InvitationProblem): AppError {
  // An unknown link is not found; a link that existed but can no longer be used is gone.
  const status = problem === 'invitation_invalid' ? 404 : 410;
  return new AppError(status, problem, INVITATION_PROBLEM_MESSAGES[problem]);
}

function problemOf(invitation: InvitationRow, now: Date): InvitationProblem | undefined {
  if (invitation.acceptedAt) return 'invitation_used';
  if (invitation.revokedAt) return 'invitation_revoked';
  if (invitation.expiresAt <= now) return 'invitation_expired';
  return undefined;
}

/**
 * Why this account cannot join through the invitation, or null: the one rule the accept page shows
 * before the click and AcceptInvitation enforces at it. `companyId`: the account's company, if any.
 */
function joinRefusal(
  account: { email: string; companyId: string | undefined | null },
  invitation: InvitationRow,
): JoinRefusal | null {
  if (normalizeEmail(account.email) !== normalizeEmail(invitation.email)) return 'email_mismatch';
  if (account.companyId === undefined || account.companyId === null) return null;
  return account.companyId === invitation.companyId ? 'already_member' : 'other_company';
}

function refused(refusal: JoinRefusal): AppError {
  const message = JOIN_REFUSAL_MESSAGES[refusal];
  return refusal === 'email_mismatch' ? forbidden(message) : new AppError(409, ERROR_CODES.conflict, message);
}

export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { db, clock, team, users, audit } = deps;

  /** The usable invitation behind a link (row-locked when `lock`), or the link's problem thrown. */
  async function usable(token: string, executor: Db, lock = false) {
    const hash = hashToken(token);
    const found = await team.byTokenHash(hash, executor, lock);
    if (!found) {
      // A link a resend replaced: its invitation's own state first (used, withdrawn, expired), else
      // it says a newer link was sent.
      const replaced = await team.byOldTokenHash(hash, executor);
      if (!replaced) throw invitationProblem('invitation_invalid');
      throw invitationProblem(problemOf(replaced.invitation, clock.now()) ?? 'invitation_superseded');
    }
    const problem = problemOf(found.invitation, clock.now());
    if (problem) throw invitationProblem(problem);
    return found;
  }

  /** In the joining transaction: the link is used up and the person is a member, or neither. */
  async function join(
    invitation: InvitationRow,
    member: { identityId: string; firstName: string; lastName: string; phone: string },
    origin: RequestOrigin,
    tx: Db,
  ): Promise<void> {
    const now = clock.now();
    if (!(await team.markAccepted(invitation.id, member.identityId, now, tx)))
      throw invitationProblem('invitation_used');
    const { companyId, role } = invitation;
    if (!(await team.addMember({ ...member, companyId, role }, now, tx))) {
      throw refused('other_company');
    }
    await users.markEmailVerified(member.identityId, now, tx);
    await audit.record(tx, {
      kind: 'member.joined',
      context: { ...origin, actor: { kind: 'user', id: member.identityId } },
      companyId,
      detail: { invitationId: invitation.id, email: invitation.email, role, invitedBy: invitation.invitedBy },
    });
  }

  return {
    /** What the link offers; with the caller's session, also whether that account can join and why not. */
    async summary(token: string, auth: AuthContext | null): Promise<InvitationSummary> {
      const { invitation, companyName, invitedBy } = await usable(token, db);
      const answer: InvitationSummary = {
        email: invitation.email,
        companyName,
        role: invitation.role,
        invitedBy,
        expiresAt: invitation.expiresAt.toISOString(),
        accountExists: await users.isEmailRegistered(invitation.email),
      };
      const identity = auth && (await users.findById(auth.identityId));
      if (!auth || !identity) return answer;
      const refusal = joinRefusal({ email: identity.email, companyId: auth.companyId }, invitation);
      return { ...answer, caller: { email: identity.email, canJoin: refusal === null, refusal } };
    },

    /** Which company a signed-in account without one was removed from, by whom and when. */
    async removal(auth: AuthContext): Promise<RemovalResponse> {
      const row = auth.companyId === null ? await team.removalOf(auth.identityId) : undefined;
      if (!row) return { removal: null };
      const { companyName, removedBy, removedAt } = row;
      return { removal: { companyName, removedBy, removedAt: removedAt.toISOString() } };
    },

    /** A new person: an identity with the invitation's email (verified by the link), in its company. */
    async register(input: RegisterWithInvitationRequest, origin: RequestOrigin): Promise<SessionTokens> {
      // A bad link is said first: there is no account to speak of without one.
      const { invitation } = await usable(input.token, db);
      const account = { email: invitation.email, username: input.username, password: input.password };
      return deps.accounts.registerInvited(account, async (identityId, tx) => {
        // Locked again in the transaction: it may have been revoked, resent or used meanwhile.
        const locked = await usable(input.token, tx, true);
        const { firstName, lastName, phone } = input;
        await join(locked.invitation, { identityId, firstName, lastName, phone }, origin, tx);
      });
    },

    /**
     * A signed-in identity without a company joins (a sister-product identity, a removed member). One
     * company per person: an identity already in one is refused, whichever company.
     */
    async accept(auth: AuthContext, token: string, names: JoinNames, origin: RequestOrigin): Promise<User> {
      const identity = await users.findById(auth.identityId);
      if (!identity) throw profileNotFound();
      await transaction(db, async (tx) => {
        const { invitation } = await usable(token, tx, true);
        const companyId = await team.companyOf(auth.identityId, tx);
        const refusal = joinRefusal({ email: identity.email, companyId }, invitation);
        if (refusal) throw refused(refusal);
        const member = {
          identityId: identity.id,
          firstName: names.firstName ?? identity.username,
          lastName: names.lastName ?? '',
          phone: '',
        };
        await join(invitation, member, origin, tx);
        await deps.credentials.activatePending(tx, identity.id);
      });
      const user = await users.getUser(auth.identityId);
      if (!user) throw profileNotFound();
      return user;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
