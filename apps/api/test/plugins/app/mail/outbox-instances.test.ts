// Several portal instances on one PostgreSQL database share the outbox: every instance's worker claims
// from the same table, and each message still reaches the SMTP server exactly once.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/app.ts';
import { outboxEmails } from '../../../../src/db/schema.ts';
import { TEST_SECRETS, testEnv } from '../../../helpers/build-test-app.ts';
import { startSmtpServer } from '../../../helpers/smtp.ts';
import { testDatabaseKind, testDatabaseUrl } from '../../../helpers/test-database.ts';
import { POLL_MS, eventually, severalPolls } from './outbox-helpers.ts';

const MESSAGES = 60;
const opened: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** An instance with its own connection pool, counting the messages its worker sent. */
async function instance(smtpUrl: string) {
  const sent = { count: 0 };
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.includes('"email sent"')) sent.count += 1;
      done();
    },
  });
  const app = await buildApp({
    env: testEnv({ DATABASE_URL: await testDatabaseUrl(), SMTP_URL: smtpUrl, LOG_LEVEL: 'info' }),
    secrets: TEST_SECRETS,
    serveWebApp: false,
    expirySweepMs: 0,
    mailDeliveryMs: POLL_MS,
    logStream,
  });
  opened.push(app);
  await app.ready();
  return { app, sent };
}

describe.runIf(testDatabaseKind === 'postgres')('two instances on one PostgreSQL database', () => {
  it(`deliver each of ${MESSAGES} messages exactly once`, async () => {
    const smtp = await startSmtpServer();
    try {
      const [a, b] = await Promise.all([instance(smtp.url), instance(smtp.url)]);
      // Written through both at once: each write nudges its instance, and both poll the shared table.
      await Promise.all(
        Array.from({ length: MESSAGES }, (_, index) =>
          (index % 2 === 0 ? a : b).app.mailer.send(
            {
              to: `outbox-${index}@example.com`,
              subject: `Message ${index}`,
              text: `Message ${index}`,
              html: `<p>Message ${index}</p>`,
              links: [],
            },
            (index % 2 === 0 ? a : b).app.db,
          ),
        ),
      );
      await eventually(() => expect(smtp.received.length).toBeGreaterThanOrEqual(MESSAGES), {
        timeout: 20_000,
      });
      await severalPolls();

      const recipients = smtp.received.flatMap((mail) => mail.to);
      expect(recipients).toHaveLength(MESSAGES);
      expect(new Set(recipients).size).toBe(MESSAGES);
      const rows = await a.app.db.select({ status: outboxEmails.status }).from(outboxEmails);
      expect(rows.filter((row) => row.status === 'sent')).toHaveLength(MESSAGES);
      // Both took part, so the exclusion between them was exercised.
      expect(a.sent.count + b.sent.count).toBe(MESSAGES);
      expect(a.sent.count).toBeGreaterThan(0);
      expect(b.sent.count).toBeGreaterThan(0);
    } finally {
      await Promise.all(opened.splice(0).map((app) => app.close()));
      await smtp.close();
    }
  });
});
