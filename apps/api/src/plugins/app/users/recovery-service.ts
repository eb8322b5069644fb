// Password reset and email verification (design §2): one-time links by email, single use, time limited.
import { normalizeEmail } from '@datafeeds/domain';
import { invalidToken } from '../../../lib/errors.ts';
import type { FailureCounters, LoginThrottle } from '../auth/index.ts';
import { passwordResetEmail, verificationEmail } from '../mail/index.ts';
import type { CredentialStore } from '../credentials/index.ts';
import { transaction } from '../../../db/transaction.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import type { OneTimeTokens } from './one-time-tokens.ts';
import type { UserServiceDeps } from './service-deps.ts';
import type { AuditContext, RequestOrigin } from '../audit/index.ts';

/** Reset emails one address may receive per window, whoever asks and from wherever. */
export const RESET_EMAILS_PER_ADDRESS = { max: 3, windowSeconds: 60 * 60 };

export interface RecoveryDeps extends UserServiceDeps {
  resetTokens: OneTimeTokens;
  /** Counts reset requests per email address (shared through Redis when the server has it). */
  resetRequests: FailureCounters;
  /** A verified address makes its owner's pending tokens usable. */
  credentials: Pick<CredentialStore, 'activatePending'>;
  /** A completed reset proves the owner, so it lifts the account's sign-in lockout. */
  loginThrottle: Pick<LoginThrottle, 'clearAccount'>;
}

export function createRecoveryService(deps: RecoveryDeps) {
  const { db, clock, users, sessions, mailer, audit } = deps;
  // The person the link was for acts, wherever they opened it from.
  const asUser = (identityId: string, origin: RequestOrigin): AuditContext => ({
    ...origin,
    actor: { kind: 'user', id: identityId },
  });
  const background = new Set<Promise<void>>();

  async function sendResetLink(identityId: string, email: string, imported = false): Promise<void> {
    const token = await deps.resetTokens.issue(identityId, db);
    await mailer.send(passwordResetEmail(email, deps.appUrl, token, imported), db);
  }

  return {
    sendResetLink,

    /**
     * Sends a reset link to a known email; says nothing about whether it is known. The token and the
     * email are made after the answer, so a known address does not answer measurably slower.
     */
    async forgotPassword(email: string): Promise<void> {
      // Counted for unknown addresses too, and silently: the answer never says whether one was sent.
      // Without it, one inbox could be flooded from many addresses, each under the per-IP limit.
      const counter = `reset-requests:email:${normalizeEmail(email)}`;
      await deps.resetRequests.increment(counter, RESET_EMAILS_PER_ADDRESS.windowSeconds);
      if ((await deps.resetRequests.get(counter)).count > RESET_EMAILS_PER_ADDRESS.max) return;
      const identity = await users.findByEmail(email);
      if (!identity) return;
      const work = sendResetLink(identity.id, identity.email).catch((error: unknown) => {
        deps.log.error({ err: error }, 'could not send a password reset link');
      });
      background.add(work);
      void work.finally(() => background.delete(work));
    },

    /** Waits for reset links still being sent (server shutdown). */
    async drain(): Promise<void> {
      await Promise.all([...background]);
    },

    /**
     * Sets the new password and signs the user out everywhere. The emailed link also proves the address.
     * A common password is refused before the link is spent, so the user can try another with it.
     */
    async resetPassword(resetToken: string, password: string, origin: RequestOrigin): Promise<void> {
      refuseCommonPassword(password, 'password');
      const passwordHash = await deps.hasher.hash(password);
      const now = clock.now();
      const identityId = await transaction(db, async (tx) => {
        const redeemed = await deps.resetTokens.redeem(resetToken, tx);
        if (!redeemed) return undefined;
        await users.setPasswordHash(redeemed, passwordHash, now, tx);
        await users.markEmailVerified(redeemed, now, tx);
        await deps.credentials.activatePending(tx, redeemed);
        await sessions.revokeAllFor(redeemed, undefined, tx);
        await audit.record(tx, { kind: 'password.reset', context: asUser(redeemed, origin) });
        await deps.notices.passwordChanged(tx, redeemed, 'reset');
        return redeemed;
      });
      if (!identityId)
        throw invalidToken('This reset link is invalid, expired or already used. Request a new one.');
      const identity = await users.findById(identityId);
      if (identity) await deps.loginThrottle.clearAccount(identity.email);
    },

    async verifyEmail(token: string, origin: RequestOrigin): Promise<void> {
      const now = clock.now();
      const done = await transaction(db, async (tx) => {
        const identityId = await deps.verificationTokens.redeem(token, tx);
        if (identityId) {
          await users.markEmailVerified(identityId, now, tx);
          await deps.credentials.activatePending(tx, identityId);
          await audit.record(tx, { kind: 'email.verified', context: asUser(identityId, origin) });
        }
        return identityId !== undefined;
      });
      if (!done) {
        throw invalidToken('This verification link is invalid, expired or already used. Request a new one.');
      }
    },

    /** Returns false when the address was already verified (nothing sent). */
    async resendVerification(identityId: string): Promise<boolean> {
      const identity = await users.findById(identityId);
      if (!identity || identity.emailVerifiedAt) return false;
      const token = await deps.verificationTokens.issue(identity.id, db);
      await mailer.send(verificationEmail(identity.email, deps.appUrl, token), db);
      return true;
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
