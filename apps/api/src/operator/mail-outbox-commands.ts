// `mail-outbox` and `mail-outbox retry <id>`: the email the portal could not deliver yet or gave up on.
// The listing shows the envelope and what went wrong, never the body: it holds one-time links.
import { OPERATOR_CONTEXT } from '../plugins/app/audit/index.ts';
import type { Mailer, UndeliveredEmail } from '../plugins/app/mail/index.ts';
import type { ActionResult } from './provider-team.ts';

const at = (date: Date | null) => date?.toISOString() ?? '-';

function describe(email: UndeliveredEmail): string[] {
  const state =
    email.status === 'failed'
      ? `FAILED ${at(email.failedAt)}`
      : `pending, next attempt ${at(email.nextAttemptAt)}`;
  return [
    `  ${email.id}  ${state}`,
    `      to ${email.to}  "${email.subject}"  written ${at(email.createdAt)}`,
    `      attempts ${email.attempts}, last ${at(email.lastAttemptAt)}: ${email.lastError ?? 'no error yet'}`,
  ];
}

export function createMailOutboxCommands(mailer: Pick<Mailer, 'mode' | 'undelivered' | 'retry'>) {
  return {
    async list(): Promise<ActionResult> {
      const emails = await mailer.undelivered();
      const failed = emails.filter((email) => email.status === 'failed').length;
      const lines = [
        `Undelivered email: ${emails.length} (${failed} failed, ${emails.length - failed} pending)`,
      ];
      for (const email of emails) lines.push(...describe(email));
      if (failed > 0) lines.push('', 'Send a failed one again with `mail-outbox retry <id>`.');
      return { ok: true, output: lines.join('\n') };
    },

    async retry(id: string): Promise<ActionResult> {
      const email = await mailer.retry(id, OPERATOR_CONTEXT);
      if (!email) return { ok: false, output: `No failed email with id ${id}.` };
      const by =
        mailer.mode === 'smtp' ? 'now' : 'by the next server started with SMTP_URL (this one has none)';
      return {
        ok: true,
        output: `Email "${email.subject}" to ${email.to} (${email.id}) is pending again: it will be sent ${by}.`,
      };
    },
  };
}
