// The development mailbox: the mail kept without SMTP_URL, newest first, as a page and as JSON. Registered
// only on a loopback HOST or with DEV_MAILBOX=true, because the messages hold live one-time links. Mail
// sent through SMTP never shows here, and a message is deleted once its links have expired.
import type { FastifyPluginAsync } from 'fastify';
import { dev } from '@datafeeds/domain/calls';
import { GIVE_UP_SECONDS } from '../../plugins/app/mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { registerCall } from '../register-call.ts';

const mailboxRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, dev.devMailbox, () => app.mailer.outbox());

  registerCall(app, dev.devMailboxPage, async ({ reply }) => {
    const messages = await app.mailer.outbox();
    const items = messages.map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt)}</p>
  <ul>${message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
  <pre>${escapeHtml(message.text)}</pre>
</article>`,
    );
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>DataFeeds development mailbox</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><h1>Development mailbox</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first. Nothing here is sent: set SMTP_URL to send email. Messages are deleted ${GIVE_UP_SECONDS / 3600} hours after they were written, when their links have expired.</p>
${items.join('\n') || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
};

export default mailboxRoutes;
