import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '@datafeeds/domain';
import { apiClients, credentialEvents } from '../../../../src/db/schema.ts';
import { transaction } from '../../../../src/db/transaction.ts';
import type { BusMessage } from '../../../../src/plugins/app/credentials/credential-bus.ts';
import { runOperatorCommand } from '../../../../src/operator/commands.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { registerUser } from '../../../helpers/factories.ts';
import {
  createdClient,
  deleteClient,
  rotateClient,
  verifiedUser,
  verifyEmailOf,
} from '../../../helpers/tokens.ts';

const clock = testClock(new Date('2026-08-01T08:00:00Z'));
const app = await buildTestApp({ clock });
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });
const announced: BusMessage[] = [];
app.credentialBus.subscribe((message) => announced.push(message));

const eventsOf = (clientId: string) =>
  app.db
    .select()
    .from(credentialEvents)
    .where(eq(credentialEvents.clientId, clientId))
    .orderBy(asc(credentialEvents.seq));

describe('the credential store', () => {
  it('records every transition with who made it, and announces the ones the data feed must act on', async () => {
    const user = await registerUser(app);
    const { clientId } = await createdClient(app, user.token);
    await verifyEmailOf(app, user);
    await operator('set-token-status', clientId, 'inactive');
    const rotated = (await rotateClient(app, user.token, clientId)).json<{ clientId: string }>();
    await deleteClient(app, user.token, rotated.clientId);

    const identityId = (await eventsOf(clientId))[0]?.actorId;
    expect(identityId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await eventsOf(clientId)).map(({ kind, effect, actorKind, detail }) => ({
        kind,
        effect,
        actorKind,
        detail,
      })),
    ).toEqual([
      { kind: 'created', effect: 'none', actorKind: 'user', detail: {} },
      { kind: 'activated', effect: 'changed', actorKind: 'user', detail: {} },
      {
        kind: 'status_set',
        effect: 'revoked',
        actorKind: 'operator',
        detail: { from: 'active', to: 'inactive' },
      },
      { kind: 'rotated', effect: 'revoked', actorKind: 'user', detail: { replacedBy: rotated.clientId } },
    ]);
    expect((await eventsOf(rotated.clientId)).map(({ kind, detail }) => ({ kind, detail }))).toEqual([
      { kind: 'created', detail: { rotatedFrom: clientId } },
      { kind: 'deleted', detail: {} },
    ]);
    expect(
      announced.filter((message) => message.type === 'credential' && message.clientId === clientId),
    ).toEqual([
      expect.objectContaining({ effect: 'changed', reason: 'activated' }),
      expect.objectContaining({ effect: 'revoked', reason: 'status_set' }),
      expect.objectContaining({ effect: 'revoked', reason: 'rotated' }),
    ]);
  });

  it('keeps no secret, hash or secret start in its events', async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token);
    await rotateClient(app, user.token, clientId);
    const rows = await app.db.select().from(credentialEvents);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(clientSecret);
    expect(text).not.toContain(clientSecret.slice(0, 9));
  });

  it('announces nothing for a change that rolls back', async () => {
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token);
    const before = announced.length;
    await expect(
      transaction(app.db, async (tx) => {
        const [row] = await tx.select().from(apiClients).where(eq(apiClients.clientId, clientId));
        await app.credentials.companyUpgraded(tx, row?.companyId ?? '', { kind: 'operator' });
        throw new Error('the rest of the work failed');
      }),
    ).rejects.toThrow('the rest of the work failed');
    expect(announced.length).toBe(before);
    expect(await eventsOf(clientId)).toHaveLength(1);
  });

  it('refuses to work inside a transaction whose commit it cannot see', async () => {
    await expect(
      app.db.transaction((tx) => app.credentials.activatePending(tx, '00000000-0000-4000-8000-000000000000')),
    ).resolves.toBeUndefined(); // nothing to activate: nothing to announce
    const user = await registerUser(app);
    await createdClient(app, user.token);
    const identityId = (await app.db.select().from(apiClients).where(eq(apiClients.status, 'pending')))[0]
      ?.createdBy;
    await expect(
      app.db.transaction((tx) => app.credentials.activatePending(tx, identityId ?? '')),
    ).rejects.toThrow(/transaction opened with transaction\(\)/);
  });

  it('expires trial tokens on schedule, once, even with several sweepers at once', async () => {
    const swept = await buildTestApp({ clock, expirySweepMs: 20 });
    const user = await verifiedUser(swept);
    const { clientId } = await createdClient(swept, user.token);
    const start = clock.now();
    try {
      clock.advance(TRIAL_DAYS * 86_400);
      await Promise.all([
        swept.credentials.expireDue(),
        app.credentials.expireDue(),
        swept.credentials.expireDue(),
      ]);
      await expect
        .poll(async () => (await eventsOf(clientId)).map((event) => event.kind))
        .toEqual(['created', 'expired']);
      const [row] = await swept.db.select().from(apiClients).where(eq(apiClients.clientId, clientId));
      expect(row?.status).toBe('expired');
    } finally {
      clock.set(start);
    }
  });

  it('runs the expiry sweep by itself', async () => {
    const swept = await buildTestApp({ clock, expirySweepMs: 20 });
    const user = await verifiedUser(swept);
    const { clientId } = await createdClient(swept, user.token);
    const start = clock.now();
    try {
      clock.advance(TRIAL_DAYS * 86_400 + 1);
      await expect
        .poll(async () => (await eventsOf(clientId)).map((event) => event.kind))
        .toContain('expired');
    } finally {
      clock.set(start);
    }
  });
});
