// The delivery worker stops cleanly when the app closes: no claims after, the send in flight awaited but
// not forever, and claimed messages it did not start handed back for another instance.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { outboxEmails } from '../../../../src/db/schema.ts';
import { addSeconds } from '../../../../src/lib/clock.ts';
import { GIVE_UP_SECONDS } from '../../../../src/plugins/app/mail/delivery-policy.ts';
import { startDeliveryWorker } from '../../../../src/plugins/app/mail/delivery-worker.ts';
import type { ClaimedEmail } from '../../../../src/plugins/app/mail/outbox-store.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { registerUser } from '../../../helpers/factories.ts';
import { POLL_MS, eventually, outboxRowsTo, severalPolls } from './outbox-helpers.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const claimed = (id: string): ClaimedEmail => ({
  id,
  to: `${id}@example.com`,
  subject: id,
  text: '',
  html: '',
  links: [],
  attempts: 1,
  leasedUntil: new Date(),
  giveUpAt: new Date(),
});

/** An outbox whose first claim returns `first`, and nothing after. */
function fakeOutbox(first: ClaimedEmail[]) {
  let claims = 0;
  return {
    claimDue: vi.fn(async () => (claims++ === 0 ? first : [])),
    markSent: vi.fn(async () => undefined),
    recordFailure: vi.fn(async () => ({ status: 'pending' as const, nextAttemptAt: new Date() })),
    release: vi.fn(async () => undefined),
    purgeExpiredMailbox: vi.fn(async () => 0),
  };
}

describe('stopping the delivery worker', () => {
  it('waits for the send in flight, hands back the rest of the claim and claims nothing after', async () => {
    const outbox = fakeOutbox([claimed('first'), claimed('second')]);
    let finishSend = () => undefined as void;
    const sender = {
      send: vi.fn(() => new Promise<void>((resolve) => (finishSend = resolve))),
      close: vi.fn(),
    };
    const worker = startDeliveryWorker({ outbox, sender, pollMs: 5, log: quiet });
    await eventually(() => expect(sender.send).toHaveBeenCalledTimes(1));

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    expect(sender.close).not.toHaveBeenCalled();
    finishSend();
    await stopping;

    expect(outbox.markSent).toHaveBeenCalledWith(expect.objectContaining({ id: 'first' }));
    expect(outbox.release).toHaveBeenCalledWith([expect.objectContaining({ id: 'second' })]);
    expect(sender.send).toHaveBeenCalledTimes(1);
    expect(sender.close).toHaveBeenCalledTimes(1);
    const claims = outbox.claimDue.mock.calls.length;
    worker.nudge();
    await sleep(50);
    expect(outbox.claimDue.mock.calls.length).toBe(claims);
    expect(outbox.purgeExpiredMailbox.mock.calls.length).toBeGreaterThan(0);
  });

  it('stops waiting for a send that hangs once the grace has passed', async () => {
    const outbox = fakeOutbox([claimed('hanging')]);
    const sender = { send: vi.fn(() => new Promise<void>(() => undefined)), close: vi.fn() };
    const worker = startDeliveryWorker({ outbox, sender, pollMs: 0, log: quiet, stopGraceMs: 100 });
    worker.nudge();
    await eventually(() => expect(sender.send).toHaveBeenCalledTimes(1));
    const started = performance.now();
    await worker.stop();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(sender.close).toHaveBeenCalledTimes(1);
    expect(outbox.markSent).not.toHaveBeenCalled();
  });
});

// An SMTP server that holds each message's DATA until the test lets it go.
let releaseData: () => void = () => undefined;
let dataStarted = false;
const received: string[] = [];
const slowSmtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  disableReverseLookup: true,
  onData(stream, session, callback) {
    dataStarted = true;
    stream.resume();
    stream.on('end', () => {
      const done = () => {
        received.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      };
      releaseData = done;
    });
  },
});
await new Promise<void>((resolve) => slowSmtp.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => slowSmtp.close(() => resolve())));

describe('closing the app', () => {
  it('lets the send in flight finish and record itself, then claims nothing more', async () => {
    const { port } = slowSmtp.server.address() as AddressInfo;
    const app = await buildTestApp({
      mailDeliveryMs: POLL_MS,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    const { registration } = await registerUser(app);
    await eventually(() => expect(dataStarted).toBe(true));

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await sleep(100);
    expect(closed).toBe(false);
    releaseData();
    await closing;
    expect(received).toEqual([registration.email]);
    // The test owns the database, still open: the delivery was recorded before the app closed.
    expect(await outboxRowsTo(app, registration.email)).toEqual([
      expect.objectContaining({ status: 'sent', text: '' }),
    ]);

    const now = app.clock.now();
    const after = `after-close-${Date.now()}@example.com`;
    await app.db.insert(outboxEmails).values({
      to: after,
      subject: 'Written after close',
      text: '',
      html: '',
      links: [],
      createdAt: now,
      status: 'pending',
      nextAttemptAt: now,
      giveUpAt: addSeconds(now, GIVE_UP_SECONDS),
    });
    await severalPolls();
    expect(await outboxRowsTo(app, after)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0 }),
    ]);
  });
});
