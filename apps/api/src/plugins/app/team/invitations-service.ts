// Following an invitation link (design §9, issue 12): what it offers, registering through it, and a
// signed-in person without a company joining through it. A link works once: the invitation row is locked
// and marked accepted by a conditional update in the transaction that adds the member, so of two
// concurrent uses exactly one wins. A bad link is a clear 404/410 with its own code, never a 500.
import {
  ERROR_CODES,
  INVITATION_PROBLEM_MESSAGES,
  TEAM_MESSAGES,
  normalizeEmail,
  type InvitationProblem,
  type InvitationSummary,
  type RegisterWithInvitationRequest,
  type User,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, forbidden, profileNotFound } from '../../../lib/errors.ts';
import { hashToken } from '../../../lib/random-token.ts';
import type { AuditLog, RequestOrigin } from '../audit/audit-log.ts';
import type { CredentialStore } from '../credentials/credential-store.ts';
import type { AuthContext, SessionTokens } from '../sessions/sessions-service.ts';
import type { AccountsService } from '../users/accounts-service.ts';
import type { UsersRepository } from '../users/users-repository.ts';
import type { InvitationRow, TeamRepository } from './team-repository.ts';

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

export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { db, clock, team, users, audit } = deps;

  /** The usable invitation behind a link (row-locked when `lock`), or the link's problem thrown. */
  async function usable(token: string, executor: Db = db, lock = false) {
    const found = await team.byTokenHash(hashToken(token), executor, lock);
    if (!found) throw invitationProblem('invitation_invalid');
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
      throw new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.otherCompany);
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
    async summary(token: string): Promise<InvitationSummary> {
      const { invitation, companyName, invitedBy } = await usable(token);
      return {
        email: invitation.email,
        companyName,
        role: invitation.role,
        invitedBy,
        expiresAt: invitation.expiresAt.toISOString(),
        accountExists: await users.isEmailRegistered(invitation.email),
      };
    },

    /** A new person: an identity with the invitation's email (verified by the link), in its company. */
    async register(input: RegisterWithInvitationRequest, origin: RequestOrigin): Promise<SessionTokens> {
      // A bad link is said first: there is no account to speak of without one.
      const { invitation } = await usable(input.token);
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
        if (normalizeEmail(identity.email) !== normalizeEmail(invitation.email))
          throw forbidden(TEAM_MESSAGES.invitationEmailMismatch);
        const companyId = await team.companyOf(auth.identityId, tx);
        if (companyId !== undefined) {
          const message =
            companyId === invitation.companyId ? TEAM_MESSAGES.alreadyMember : TEAM_MESSAGES.otherCompany;
          throw new AppError(409, ERROR_CODES.conflict, message);
        }
        const member = {
          identityId: identity.id,
          firstName: names.firstName ?? identity.username,
          lastName: names.lastName ?? '',
          phone: '',
        };
        await join(invitation, member, origin, tx);
        await deps.credentials.activatePending(identity.id, tx);
      });
      const user = await users.getUser(auth.identityId);
      if (!user) throw profileNotFound();
      return user;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
