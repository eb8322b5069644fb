// The mailer (mail/mailer.ts): the outbox every email is written to and the delivery worker. Its own
// plugin, built before usage and the account services, because both write email in their transactions
// (the usage batch queues the quota emails); registered first of them, it is stopped after them, so an
// email written by their last work at close is stored before the worker stops (the next instance
// delivers it).
import fp from 'fastify-plugin';
import { dev } from '@datafeeds/domain/calls';
import { devMailboxEnabled, type Env } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAuditLog } from './audit/audit-log.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

interface MailOptions {
  env: Env;
  clock: Clock;
  /** The delivery worker's poll interval (mail/mailer.ts); 0 leaves only the nudge after a send. */
  deliveryMs: number;
}

export default fp<MailOptions>(
  async (app, { env, clock, deliveryMs }) => {
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailboxUrl: devMailboxEnabled(env) ? `${env.APP_URL}${dev.devMailboxPage.path}` : undefined,
      db: app.db,
      clock,
      // The audit writer keeps nothing but the clock; the mailer is built before the credentials plugin
      // that decorates app.auditLog, so it has a writer of its own (the same rows, the same table).
      audit: createAuditLog(clock),
      log: app.log,
      deliveryPollMs: deliveryMs,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['database'] },
);
