// What keys were leased of a day is kept only while a report of that day can still be written (design §8
// "Usage"): the usage retention sweep has the allowance module forget the days before retention, in
// batches, and keep the rest.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { USAGE_RETENTION_DAYS } from '@datafeeds/domain';
import { verifierKeyAllowance } from '../../../../src/db/schema.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { companyIdOf } from '../../../helpers/limits.ts';
import { createdClient, verifiedUser } from '../../../helpers/tokens.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const dayOf = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe('leased days past usage retention', () => {
  it('are forgotten by the usage retention sweep, in batches, and the days within it kept', async () => {
    const clock = testClock(NOW);
    const app = await buildTestApp({ clock, usageRetentionSweepMs: 50 });
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token, { label: 'Feed', sports: ['nfl'] });
    const companyId = await companyIdOf(app, clientId);
    const { id: verifierKeyId } = (await app.verifierKeys.create('retention feed')).row;
    const old = [USAGE_RETENTION_DAYS + 1, USAGE_RETENTION_DAYS + 2, USAGE_RETENTION_DAYS + 30];
    const kept = [0, USAGE_RETENTION_DAYS - 1];
    await app.db
      .insert(verifierKeyAllowance)
      .values(
        [...old, ...kept].map((daysAgo) => ({ verifierKeyId, companyId, day: dayOf(daysAgo), dayLeased: 5 })),
      );
    const days = async () =>
      (
        await app.db
          .select({ day: verifierKeyAllowance.day })
          .from(verifierKeyAllowance)
          .where(eq(verifierKeyAllowance.verifierKeyId, verifierKeyId))
      )
        .map((row) => row.day)
        .sort();
    await vi.waitFor(async () => expect(await days()).toEqual(kept.map(dayOf).sort()), { timeout: 5_000 });
    await app.keyAllowance.forgetBefore(NOW, 1);
    expect(await days()).toEqual([dayOf(0)]);
  });
});
