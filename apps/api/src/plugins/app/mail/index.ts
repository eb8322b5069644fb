// The mail module (design §4): the outbox every email is written to and the delivery worker. Registered
// before usage and the account modules, because both write email in their transactions (the usage batch
// queues the quota emails); registered first of them, it is stopped after them, so an email written by
// their last work at close is stored before the worker stops (the next instance delivers it).
import fp from 'fastify-plugin';
import { dev } from '@datafeeds/domain/calls';
import { devMailboxEnabled } from '../../../config/env.ts';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

interface MailOptions {
  /** The delivery worker's poll interval (mailer.ts); 0 leaves only the nudge after a send. */
  deliveryMs: number;
}

export default fp<MailOptions>(
  async (app, { deliveryMs }) => {
    const { env } = app;
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailboxUrl: devMailboxEnabled(env) ? `${env.APP_URL}${dev.devMailboxPage.path}` : undefined,
      db: app.db,
      clock: app.clock,
      audit: app.auditLog,
      log: app.log,
      deliveryPollMs: deliveryMs,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'audit'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export { type Mailer, DEFAULT_MAIL_DELIVERY_MS } from './mailer.ts';
export {
  staffSetupEmail,
  accountChangeEmail,
  credentialNoticeEmail,
  invitationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  quotaNoticeEmail,
  trialReminderEmail,
  upgradeRequestEmail,
  verificationEmail,
  type AccountChange,
  type CredentialNotice,
  type QuotaNotice,
} from './templates.ts';
export { GIVE_UP_SECONDS } from './delivery-policy.ts';
export type { UndeliveredEmail } from './outbox-store.ts';
