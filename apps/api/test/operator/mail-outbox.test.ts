// `mail-outbox` shows the operator the email the portal could not deliver, never its links, and
// `mail-outbox retry <id>` sends a failed one again.
import { describe, expect, it } from 'vitest';
import { isValidCommand, runOperatorCommand, USAGE } from '../../src/operator/commands.ts';
import { GIVE_UP_SECONDS } from '../../src/plugins/app/mail/delivery-policy.ts';
import { registerUser } from '../helpers/factories.ts';
import { appDeliveringBySmtp, eventually } from '../plugins/app/mail/outbox-helpers.ts';

const { smtp, network, clock, app } = await appDeliveringBySmtp(new Date('2026-07-01T09:00:00Z'));
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });
const LINK_OR_TOKEN = /https?:|verify-email|token=/i;

async function undeliveredTo(email: string) {
  const found = (await app.mailer.undelivered()).find((message) => message.to === email);
  if (!found) throw new Error(`no undelivered email to ${email}`);
  return found;
}

describe('operator mail-outbox', () => {
  it('lists pending and failed email without links, and retries a failed one', async () => {
    network.cut();
    const { registration } = await registerUser(app);
    const email = registration.email;
    await eventually(async () => expect((await undeliveredTo(email)).lastError).toEqual(expect.any(String)));

    const pending = await operator('mail-outbox');
    expect(pending.ok).toBe(true);
    expect(pending.output).toMatch(/^Undelivered email: 1 \(0 failed, 1 pending\)/);
    expect(pending.output).toContain(`to ${email}  "Verify your DataFeeds email address"`);
    expect(pending.output).toMatch(/pending, next attempt 2026-07-01T09:00:10\.000Z/);
    expect(pending.output).toMatch(/attempts 1, last 2026-07-01T09:00:00\.000Z: \S/);
    expect(pending.output).not.toMatch(LINK_OR_TOKEN);

    clock.advance(GIVE_UP_SECONDS);
    await eventually(async () => expect((await undeliveredTo(email)).status).toBe('failed'));
    const failed = await operator('mail-outbox');
    const { id } = await undeliveredTo(email);
    expect(failed.output).toMatch(/^Undelivered email: 1 \(1 failed, 0 pending\)/);
    const failedAt = new Date(Date.parse('2026-07-01T09:00:00Z') + GIVE_UP_SECONDS * 1000).toISOString();
    expect(failed.output).toContain(`${id}  FAILED ${failedAt}`);
    expect(failed.output).toContain('mail-outbox retry <id>');
    expect(failed.output).not.toMatch(LINK_OR_TOKEN);

    network.restore();
    const retried = await operator('mail-outbox', 'retry', id);
    expect(retried).toEqual({
      ok: true,
      output: `Email "Verify your DataFeeds email address" to ${email} (${id}) is pending again: it will be sent now.`,
    });
    await eventually(() => expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1));
    await eventually(async () =>
      expect((await operator('mail-outbox')).output).toBe('Undelivered email: 0 (0 failed, 0 pending)'),
    );

    expect(await operator('mail-outbox', 'retry', id)).toEqual({
      ok: false,
      output: `No failed email with id ${id}.`,
    });
    expect(await operator('mail-outbox', 'retry', 'not-an-id')).toEqual({
      ok: false,
      output: 'No failed email with id not-an-id.',
    });
  });

  it('is listed in the usage, with retry taking exactly one id', () => {
    expect(USAGE).toContain('mail-outbox retry <id>');
    expect(isValidCommand('mail-outbox', [])).toBe(true);
    expect(isValidCommand('mail-outbox', ['retry', 'x'])).toBe(true);
    expect(isValidCommand('mail-outbox', ['retry'])).toBe(false);
    expect(isValidCommand('mail-outbox', ['list'])).toBe(false);
  });
});
