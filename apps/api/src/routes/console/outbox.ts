// The console's email outbox (design §11 "Screens"): the same service as `mail-outbox` and `mail-outbox
// retry <id>`. An email is shown by its envelope and what went wrong, never its body or links: they hold
// one-time tokens (the store's `undelivered` does not even read them).
import type { FastifyPluginAsync } from 'fastify';
import { CONSOLE_TOOL_MESSAGES, type OutboxEmail } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { notFound } from '../../lib/errors.ts';
import type { UndeliveredEmail } from '../../plugins/app/mail/index.ts';
import { registerCall } from '../register-call.ts';
import { staffActionContext } from './staff-action-context.ts';

const at = (date: Date | null) => date?.toISOString() ?? null;

const shown = (email: UndeliveredEmail): OutboxEmail => ({
  id: email.id,
  to: email.to,
  subject: email.subject,
  status: email.status,
  attempts: email.attempts,
  createdAt: email.createdAt.toISOString(),
  lastAttemptAt: at(email.lastAttemptAt),
  nextAttemptAt: at(email.nextAttemptAt),
  lastError: email.lastError,
  failedAt: at(email.failedAt),
});

const outboxRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, consoleTools.listOutbox, async ({ query }) => ({
    emails: (await app.mailer.undelivered()).filter((email) => email.status === query.status).map(shown),
  }));

  registerCall(app, consoleTools.retryEmail, async ({ body, request }) => {
    const email = await app.mailer.retry(body.id, staffActionContext(request));
    if (!email) throw notFound(CONSOLE_TOOL_MESSAGES.emailNotFound);
    return { message: CONSOLE_TOOL_MESSAGES.emailRetried(email.to) };
  });
};

export default outboxRoutes;
