// The trial plan follows TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND (design §10): a starting portal
// brings the plan in line with them and, when that changes it, audits the change as the system's and
// tells every trial credential (`limits_changed`). Instances starting together make the change once; the
// operator CLI, whose shell's environment is no guide to the servers', does not make it at all.
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VerifiedCredential } from '@datafeeds/domain';
import { credentialEvents, plans } from '../../../../src/db/schema.ts';
import { auditRows } from '../../../helpers/audit.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { createdClient, verifiedUser } from '../../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../../helpers/verification.ts';

const app = await buildTestApp();
const user = await verifiedUser(app);
const { clientId, clientSecret } = await createdClient(app, user.token);

async function trialPlan() {
  const [row] = await app.db.select().from(plans).where(eq(plans.name, 'trial'));
  return { dailyQuota: row?.dailyQuota, ratePerSecond: row?.ratePerSecond };
}

const lastEventSeq = async () =>
  (await app.db.select({ seq: credentialEvents.seq }).from(credentialEvents)).reduce(
    (last, row) => Math.max(last, row.seq),
    0,
  );
const limitsChangedSince = (seq: number) =>
  app.db
    .select()
    .from(credentialEvents)
    .where(and(gt(credentialEvents.seq, seq), eq(credentialEvents.kind, 'limits_changed')));
const lastAuditSeq = async () => (await auditRows(app)).at(-1)?.seq ?? 0;
const auditSince = async (seq: number) => (await auditRows(app)).filter((row) => row.seq > seq);

describe('the trial plan at start-up', () => {
  it('starts with the defaults', async () => {
    expect(await trialPlan()).toEqual({ dailyQuota: 10_000, ratePerSecond: 10 });
  });

  it('takes new values, audited as the system, every trial credential told; the same values again change nothing', async () => {
    const events = await lastEventSeq();
    const audit = await lastAuditSeq();
    const restarted = await buildTestApp({ env: { TRIAL_DAILY_QUOTA: '500', TRIAL_RATE_PER_SECOND: '3' } });
    expect(await trialPlan()).toEqual({ dailyQuota: 500, ratePerSecond: 3 });
    expect(await limitsChangedSince(events)).toEqual([
      expect.objectContaining({
        clientId,
        effect: 'changed',
        actorKind: 'system',
        detail: { plan: 'trial' },
      }),
    ]);
    expect(await auditSince(audit)).toEqual([
      expect.objectContaining({
        kind: 'plan.updated',
        actorKind: 'system',
        companyId: null,
        detail: {
          name: 'trial',
          dailyQuota: 500,
          ratePerSecond: 3,
          fromDailyQuota: 10_000,
          fromRatePerSecond: 10,
        },
      }),
    ]);
    const answer = await verified(restarted, await newVerifierKey(restarted), { secret: clientSecret });
    expect((answer as VerifiedCredential).limits).toEqual({
      plan: 'trial',
      dailyQuota: 500,
      ratePerSecond: 3,
      dailyCap: null,
    });

    const eventsAfter = await lastEventSeq();
    const auditAfter = await lastAuditSeq();
    await buildTestApp({ env: { TRIAL_DAILY_QUOTA: '500', TRIAL_RATE_PER_SECOND: '3' } });
    expect(await limitsChangedSince(eventsAfter)).toEqual([]);
    expect(await auditSince(auditAfter)).toEqual([]);
  });

  it('is changed once by instances starting together', async () => {
    const audit = await lastAuditSeq();
    const events = await lastEventSeq();
    const env = { TRIAL_DAILY_QUOTA: '700', TRIAL_RATE_PER_SECOND: '7' };
    await Promise.all([buildTestApp({ env }), buildTestApp({ env }), buildTestApp({ env })]);
    expect(await trialPlan()).toEqual({ dailyQuota: 700, ratePerSecond: 7 });
    expect((await auditSince(audit)).map((row) => row.kind)).toEqual(['plan.updated']);
    expect(await limitsChangedSince(events)).toHaveLength(1);
  });

  it('is left alone by an app that does not sync it (the operator CLI)', async () => {
    const audit = await lastAuditSeq();
    await buildTestApp({ env: { TRIAL_DAILY_QUOTA: '1' }, syncTrialPlan: false });
    expect(await trialPlan()).toEqual({ dailyQuota: 700, ratePerSecond: 7 });
    expect(await auditSince(audit)).toEqual([]);
  });
});
