// The development mailbox (design §4): the mail kept without SMTP_URL, newest first, as JSON and as a
// page. Served only on a loopback HOST or with DEV_MAILBOX=true: the messages hold live one-time links.
import { z } from 'zod';
import { defineCall } from './define-call.ts';

const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

export const devMailbox = defineCall({
  method: 'GET',
  path: '/dev/mailbox.json',
  access: { kind: 'public' },
  operationId: 'devMailbox',
  tag: 'development',
  summary: 'Outbox messages, newest first',
  responses: { 200: z.array(mailboxMessageSchema) },
  errors: [429],
});

export const devMailboxPage = defineCall({
  method: 'GET',
  path: '/dev/mailbox',
  access: { kind: 'public' },
  operationId: 'devMailboxPage',
  tag: 'development',
  summary: 'Outbox messages, newest first, as a page',
  hidden: true,
  responses: {},
  errors: [429],
  file: { mediaType: 'text/html', description: 'The messages with their links, newest first.' },
});
