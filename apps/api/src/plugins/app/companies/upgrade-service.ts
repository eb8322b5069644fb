// Upgrade to a paid account (spec §4 "Upgrade flow", design §3): a request to the provider team, not an
// instant change. One open request per company; asking again answers the same request, emails nobody.
// The provider team's approval is an account action (console/account-actions.ts).
import {
  ERROR_CODES,
  SUSPENSION_MESSAGES,
  alreadyPaidMessage,
  personName,
  type UpgradeAccountResponse,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, profileNotFound } from '../../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CompanyCaller } from '../sessions/sessions-service.ts';
import { upgradeRequestEmail } from '../mail/templates.ts';
import type { UsersRepository } from '../users/users-repository.ts';
import type { CompaniesRepository } from './companies-repository.ts';
import { confirmRole } from './confirm-role.ts';
import { refuseWhileSuspended } from './refuse-while-suspended.ts';
import type { AuditLog, RequestOrigin } from '../audit/audit-log.ts';

export interface UpgradeServiceDeps {
  db: Db;
  clock: Clock;
  companies: CompaniesRepository;
  users: UsersRepository;
  mailer: Mailer;
  audit: AuditLog;
  providerTeamEmail: string;
  /** The base of the console link in the email to the provider team. */
  appUrl: string;
  log: { error(object: object, message: string): void };
}

const alreadyPaid = () => new AppError(409, ERROR_CODES.conflict, alreadyPaidMessage);

export function createUpgradeService(deps: UpgradeServiceDeps) {
  const { db, clock, companies, users, mailer } = deps;
  return {
    async request(caller: CompanyCaller, origin: RequestOrigin): Promise<UpgradeAccountResponse> {
      const { identityId, companyId } = caller;
      const user = await users.getUser(identityId);
      if (!user) throw profileNotFound();
      if (user.companyAccountStatus === 'paid') throw alreadyPaid();
      // Asking again answers the open request and records nothing: only a new request is an event.
      const { request, created } = await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'requestUpgrade');
        // Also the paid company a suspension interrupted: reinstated, it is paid again (design §11).
        await refuseWhileSuspended(tx, companyId, SUSPENSION_MESSAGES.upgrade(deps.providerTeamEmail));
        const opened = await companies.openUpgradeRequest(companyId, identityId, clock.now(), tx);
        if (opened.created) {
          const context = { ...origin, actor: { kind: 'user', id: identityId } } as const;
          await deps.audit.record(tx, { kind: 'upgrade.requested', context, companyId });
        }
        return opened;
      });
      if (created) {
        // The request is recorded either way; a failed email is logged for the team to notice.
        await mailer
          .send(
            upgradeRequestEmail(deps.providerTeamEmail, deps.appUrl, {
              companyId,
              companyName: user.companyName,
              requesterName: personName(user),
              requesterEmail: user.email,
            }),
            db,
          )
          .catch((error: unknown) => deps.log.error({ err: error }, 'could not email the upgrade request'));
      }
      return { status: 'requested', requestedAt: request.requestedAt.toISOString() };
    },
  };
}

export type UpgradeService = ReturnType<typeof createUpgradeService>;
