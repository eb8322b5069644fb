// What the account and recovery services both work with, assembled once by the users module (index.ts).
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SecurityNotices } from '../notices/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { SessionsService } from '../sessions/index.ts';
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
