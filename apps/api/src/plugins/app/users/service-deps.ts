// What the account and recovery services both work with, assembled once in plugins/app/services.ts.
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { SecurityNotices } from '../notices/security-notices.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import type { OneTimeTokens } from './one-time-tokens.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { UsersRepository } from './users-repository.ts';

export interface UserServiceDeps {
  db: Db;
  clock: Clock;
  /** Base of the links in emails. */
  appUrl: string;
  users: UsersRepository;
  hasher: PasswordHasher;
  sessions: SessionsService;
  mailer: Mailer;
  verificationTokens: OneTimeTokens;
  audit: AuditLog;
  log: { error(object: object, message: string): void };
  /** "Your password was changed", written in the transaction of the change. */
  notices: Pick<SecurityNotices, 'passwordChanged'>;
}
