// Shared by the outbox tests: the rows of one recipient, a pause long enough for several polls, and an
// app delivering by SMTP through a network a test can cut.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { outboxEmails } from '../../../../src/db/schema.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { smtpBehindNetwork } from '../../../helpers/smtp.ts';

/** The delivery worker's poll interval in these tests: short, so a due message goes out at once. */
export const POLL_MS = 20;

/** Long enough for the worker to have polled several times. */
export const severalPolls = () => new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));

/**
 * An app whose email goes to an SMTP server (`smtp`) behind a network (`network`) the test cuts and
 * restores, on a clock standing at `start`; the server and network close after the file's tests.
 */
export async function appDeliveringBySmtp(start: Date) {
  const { smtp, network, smtpUrl } = await smtpBehindNetwork();
  const clock = testClock(start);
  const app = await buildTestApp({ clock, mailDeliveryMs: POLL_MS, env: { SMTP_URL: smtpUrl } });
  return { smtp, network, clock, app };
}

export const outboxRowsTo = (app: FastifyInstance, to: string) =>
  app.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(asc(outboxEmails.seq));

export async function onlyOutboxRowTo(app: FastifyInstance, to: string) {
  const rows = await outboxRowsTo(app, to);
  if (rows.length !== 1) throw new Error(`expected one outbox row to ${to}, found ${rows.length}`);
  return rows[0] as (typeof rows)[number];
}

/**
 * Waits for something the delivery worker does in the background. Generous: on a loaded machine (CI runs
 * both database projects at once) a delivery through a real SMTP server can take seconds, far beyond
 * vi.waitFor's default second.
 */
export const eventually = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  vi.waitFor(check, { timeout: 20_000, interval: 50, ...options });
