// Quota emails (design §10): when a company's use of a UTC day's quota reaches 80 % and 100 %, its owner
// and admins are emailed, each email once per company per day however many instances run and however
// often they restart. Those who turned trial reminders off get none: one switch for both. A suspended
// company gets none (its tokens do not work; a data feed's cache may still report a few).
//
// What crosses the threshold is usage: the usage batch (usage-store.ts) that added counts of today calls
// the check below in its own transaction, after its counts. One statement finds, among the companies
// whose tokens the batch counted, those on a plan with a daily quota, not yet emailed at 100 % today and
// at or past 80 % (today's use as GetQuota counts it, used-today.ts). For each, the thresholds reached are
// inserted into quota_notices_sent (key company + UTC day + threshold, ON CONFLICT DO NOTHING RETURNING)
// and the email of the highest is written into the outbox only if that row came back: the once-only
// guarantee is the key, on PGlite and PostgreSQL alike, as with the trial reminders. A company that
// jumps past 100 % in one batch gets the 100 % email only (its 80 % row is written too, so none follows).
//
// Two instances' batches can reach a threshold together, each seeing only its own uncommitted counts
// and neither crossing alone: the company's next batch of today's counts sends the email, a second late.
// Any count of today triggers the check, refusals too, so at the limit (where every request is refused)
// the next request does it; only a company making no further request that day would miss it.
//
// Locks: the batch's counts come first; here only the keys of quota_notices_sent are taken, company by
// company in id order, so two instances' batches wait for each other at most, never in a cycle. A
// concurrent batch that crossed the same threshold waits for the first to commit, finds the key taken
// and sends nothing; a crash before the commit leaves neither the counts, the row nor the email.
import { sql } from 'drizzle-orm';
import { nextUtcDayStartMs, QUOTA_NOTICE_THRESHOLDS, utcDayStartMs } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { quotaNoticesSent } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { type Mailer, quotaNoticeEmail, type QuotaNotice } from '../mail/index.ts';
import type { UsageCount } from '@datafeeds/domain/usage-counts';
import { companyUsedTodaySql } from '../usage/index.ts';
import { ownersAndAdmins } from './recipients.ts';

const FIRST_THRESHOLD = QUOTA_NOTICE_THRESHOLDS[0];
const LAST_THRESHOLD = QUOTA_NOTICE_THRESHOLDS[QUOTA_NOTICE_THRESHOLDS.length - 1];

/** A company the batch took to a threshold it may not have been emailed about yet today. */
interface CrossingCompany {
  id: string;
  name: string;
  account_status: QuotaNotice['accountStatus'];
  plan_name: string;
  daily_quota: number;
  used: number;
  /** The highest threshold already recorded today, or null. */
  recorded: number | null;
}

/** The work a usage batch hands its transaction: the check of its companies' quotas. */
export type QuotaCheck = (tx: Db) => Promise<void>;

export function createQuotaNotices({
  clock,
  mailer,
  appUrl,
  log,
}: {
  clock: Clock;
  mailer: Pick<Mailer, 'send'>;
  appUrl: string;
  log: { error(object: object, message: string): void };
}) {
  /** The companies of `clientIds` that reached a threshold not yet recorded today, in id order. */
  async function crossing(tx: Db, clientIds: string[], nowMs: number, day: string) {
    const ids = JSON.stringify(clientIds);
    // The cheap conditions (a quota, not suspended, 100 % not yet recorded) are settled first, so today's
    // use is summed only for the companies that pass them.
    const { rows } = (await tx.execute(sql`
      WITH batch AS (
        SELECT jsonb_array_elements_text(${ids}::jsonb) AS client_id
      ), touched AS (
        SELECT company_id FROM api_clients WHERE client_id IN (SELECT client_id FROM batch)
        UNION
        SELECT company_id FROM replaced_client_ids WHERE client_id IN (SELECT client_id FROM batch)
      ), candidate AS MATERIALIZED (
        SELECT c.id, c.name, c.account_status, p.name AS plan_name, p.daily_quota, sent.recorded
        FROM touched
        JOIN companies AS c ON c.id = touched.company_id
        JOIN plans AS p ON p.name = c.plan_name
        CROSS JOIN LATERAL (
          SELECT max(n.threshold) AS recorded FROM quota_notices_sent AS n
          WHERE n.company_id = c.id AND n.day = ${day}
        ) AS sent
        WHERE p.daily_quota IS NOT NULL AND c.account_status <> 'suspended'
          AND (sent.recorded IS NULL OR sent.recorded < ${LAST_THRESHOLD})
      )
      SELECT candidate.id, candidate.name, candidate.account_status, candidate.plan_name,
        candidate.daily_quota::float8 AS daily_quota, candidate.recorded, today.used
      FROM candidate
      CROSS JOIN LATERAL (SELECT ${companyUsedTodaySql(sql`candidate.id`, nowMs)} AS used) AS today
      WHERE today.used * 100 >= candidate.daily_quota * ${FIRST_THRESHOLD}
      ORDER BY candidate.id
    `)) as unknown as { rows: CrossingCompany[] };
    return rows.map((row) => ({
      ...row,
      daily_quota: Number(row.daily_quota),
      used: Number(row.used),
      recorded: row.recorded === null ? null : Number(row.recorded),
    }));
  }

  /** Records the thresholds `company` reached today and emails the highest if this call recorded it. */
  async function notify(tx: Db, company: CrossingCompany, now: Date, day: string): Promise<void> {
    const reached = QUOTA_NOTICE_THRESHOLDS.filter(
      (threshold) => company.used * 100 >= company.daily_quota * threshold,
    );
    const highest = reached.at(-1);
    if (highest === undefined || (company.recorded !== null && company.recorded >= highest)) return;
    const recorded = await tx
      .insert(quotaNoticesSent)
      .values(reached.map((threshold) => ({ companyId: company.id, day, threshold, sentAt: now })))
      .onConflictDoNothing()
      .returning({ threshold: quotaNoticesSent.threshold });
    if (!recorded.some((row) => row.threshold === highest)) return;
    const notice: QuotaNotice = {
      companyName: company.name,
      accountStatus: company.account_status,
      planName: company.plan_name,
      threshold: highest,
      used: company.used,
      dailyQuota: company.daily_quota,
      resetsAt: new Date(nextUtcDayStartMs(now.getTime())),
    };
    const recipients = (await ownersAndAdmins(tx, company.id)).filter((person) => person.trialReminders);
    for (const recipient of recipients) {
      await mailer.send(quotaNoticeEmail(recipient.email, appUrl, notice), tx);
    }
  }

  return {
    /**
     * The check a usage batch of `counts` needs in its transaction, after its counts: undefined when
     * none of them is of today (nothing today's use could have crossed).
     */
    checkAfter(counts: readonly UsageCount[]): QuotaCheck | undefined {
      const now = clock.now();
      const dayStartMs = utcDayStartMs(now.getTime());
      const clientIds = [
        ...new Set(counts.filter((row) => row.hourMs >= dayStartMs).map((row) => row.clientId)),
      ];
      if (clientIds.length === 0) return undefined;
      const day = new Date(dayStartMs).toISOString().slice(0, 10);
      return async (tx) => {
        // Behind a savepoint: an email that cannot be written must not hold the usage counts back (the
        // meter would keep the batch and retry it for ever). Nothing is recorded then, so the next
        // batch of the company tries again.
        await tx.execute(sql`SAVEPOINT quota_notices`);
        try {
          for (const company of await crossing(tx, clientIds, now.getTime(), day)) {
            await notify(tx, company, now, day);
          }
          await tx.execute(sql`RELEASE SAVEPOINT quota_notices`);
        } catch (error) {
          await tx.execute(sql`ROLLBACK TO SAVEPOINT quota_notices`);
          log.error({ err: error }, 'quota emails not checked; the next usage batch tries again');
        }
      };
    },
  };
}
