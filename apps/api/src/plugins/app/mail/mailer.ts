// Sends email through SMTP when SMTP_URL is set. Without it every message lands in the outbox table,
// read through the development mailbox, so every email flow works on a fresh machine. The log says
// where to read it but never holds the links: they carry one-time tokens, and logs are not secret.
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client.ts';
import { outboxEmails } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { EmailMessage } from './templates.ts';

interface MailLogger {
  info(object: object, message: string): void;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  /** Outbox messages, newest first. */
  outbox(): Promise<(EmailMessage & { id: string; createdAt: string })[]>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  /** Where the outbox can be read, when the development mailbox is served. */
  mailboxUrl: string | undefined;
  db: Db;
  clock: Clock;
  log: MailLogger;
}): Mailer {
  const { db, clock, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(message) {
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        log.info({ subject: message.subject }, 'email sent');
        return;
      }
      await db.insert(outboxEmails).values({ ...message, createdAt: clock.now() });
      log.info(
        {
          to: message.to,
          subject: message.subject,
          readAt: options.mailboxUrl ?? 'the development mailbox (set DEV_MAILBOX=true to serve it)',
        },
        'email kept in the outbox (no SMTP_URL)',
      );
    },
    async outbox() {
      const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.seq));
      return rows.map(({ seq: _seq, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
    close() {
      transport?.close();
    },
  };
}
