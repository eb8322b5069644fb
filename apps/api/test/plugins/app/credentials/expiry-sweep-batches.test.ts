// The expiry sweep expires any number of trial tokens at once: their credential events are written in
// batches, since one statement takes at most 65 535 parameters (eight an event), and a sweep after a
// busy day of sign-ups can find more than 8 000 tokens due.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClients, credentialEvents } from '../../../../src/db/schema.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { companyIdOf } from '../../../helpers/limits.ts';
import { createdClient, verifiedUser } from '../../../helpers/tokens.ts';

const DUE = 9_000;

describe('the expiry sweep', () => {
  it(`expires ${DUE} due tokens in one sweep, each with its event`, async () => {
    const clock = testClock(new Date('2026-08-01T08:00:00Z'));
    const app = await buildTestApp({ clock, expirySweepMs: 0 });
    const user = await verifiedUser(app);
    const companyId = await companyIdOf(app, (await createdClient(app, user.token)).clientId);
    const expiredAt = new Date(clock.now().getTime() - 1_000).toISOString();
    await app.db.execute(sql`
      INSERT INTO api_clients (client_id, company_id, label, api_type, scope, status, secret_hash,
        secret_start, expired_at, lineage_id)
      SELECT 'dfc_sweep' || n || ${companyId}::text, ${companyId}::uuid, 'Sweep ' || n, 'rest',
        '{"timings":["liveGame"],"sports":["nfl"]}'::jsonb, 'active', 'sweep-hash-' || n || ${companyId}::text,
        'dfsk_', ${expiredAt}::timestamptz, gen_random_uuid()
      FROM generate_series(1, ${DUE}) AS n`);

    // The company's own token is not due: its trial has 30 days to go.
    expect(await app.credentials.expireDue()).toBe(DUE);
    const [expired] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(apiClients)
      .where(and(eq(apiClients.companyId, companyId), eq(apiClients.status, 'expired')));
    expect(expired?.count).toBe(DUE);
    const [events] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(credentialEvents)
      .where(and(eq(credentialEvents.companyId, companyId), eq(credentialEvents.kind, 'expired')));
    expect(events?.count).toBe(DUE);
  });
});
