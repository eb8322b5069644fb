// The console's overview and queues (design §11 "Screens"): companies by status, trials ending soon,
// upgrade requests waiting, tokens under review, today's verifications and refusals over every company,
// emails failed and failing (still tried, their last attempt refused) — one statement of counts — and the two queues, oldest first, for the team to work
// through. A token is under review while its status is `review` and no trial end has expired it (its
// status reads `expired` then, token-status.ts); the old secret of a rotation is not a token of its own.
import { sql } from 'drizzle-orm';
import type { CompanyAccountStatus, ConsoleOverview, ConsoleQueues } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isoOf, rowsOf, trialEndingSoonSql, usageTodaySql } from './console-sql.ts';

const underReview = (now: string) =>
  sql`a.status = 'review' AND a.retires_at IS NULL AND (a.expired_at IS NULL OR a.expired_at > ${now}::timestamptz)`;

export function createConsoleOverview({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async overview(): Promise<ConsoleOverview> {
      const now = clock.now();
      const usage = usageTodaySql(now.getTime());
      const [counts] = await rowsOf<{
        trial: number;
        paid: number;
        suspended: number;
        ending_soon: number;
        upgrades: number;
        reviews: number;
        admitted: number;
        refused: number;
        failed_emails: number;
        failing_emails: number;
      }>(
        db,
        sql`SELECT s.trial, s.paid, s.suspended, s.ending_soon,
          (SELECT count(*)::int FROM upgrade_requests WHERE status = 'open') AS upgrades,
          (SELECT count(*)::int FROM api_clients a WHERE ${underReview(now.toISOString())}) AS reviews,
          t.admitted, t.refused,
          (SELECT count(*)::int FROM outbox_emails WHERE status = 'failed') AS failed_emails,
          (SELECT count(*)::int FROM outbox_emails
            WHERE status = 'pending' AND last_error IS NOT NULL) AS failing_emails
        FROM (
          SELECT
            count(*) FILTER (WHERE c.account_status = 'trial')::int AS trial,
            count(*) FILTER (WHERE c.account_status = 'paid')::int AS paid,
            count(*) FILTER (WHERE c.account_status = 'suspended')::int AS suspended,
            count(*) FILTER (WHERE ${trialEndingSoonSql(now)})::int AS ending_soon
          FROM companies AS c
        ) AS s, (
          SELECT ${usage.columns} FROM credential_usage_hourly AS u WHERE ${usage.today}
        ) AS t`,
      );
      if (!counts) throw new Error('the overview statement answered no row');
      const companiesByStatus: Record<CompanyAccountStatus, number> = {
        trial: Number(counts.trial),
        paid: Number(counts.paid),
        suspended: Number(counts.suspended),
      };
      return {
        companiesByStatus,
        trialsEndingSoon: Number(counts.ending_soon),
        upgradeRequestsWaiting: Number(counts.upgrades),
        tokensUnderReview: Number(counts.reviews),
        verificationsToday: Number(counts.admitted),
        refusedToday: Number(counts.refused),
        failedEmails: Number(counts.failed_emails),
        failingEmails: Number(counts.failing_emails),
      };
    },

    async queues(): Promise<ConsoleQueues> {
      const now = clock.now().toISOString();
      const [requests, tokens] = await Promise.all([
        rowsOf<{
          company_id: string;
          company_name: string;
          plan_name: string;
          requested_at: string | Date;
          requester_email: string | null;
        }>(
          db,
          sql`SELECT c.id AS company_id, c.name AS company_name, c.plan_name, r.requested_at,
              i.email AS requester_email
            FROM upgrade_requests r
            JOIN companies c ON c.id = r.company_id
            LEFT JOIN identities i ON i.id = r.requested_by
            WHERE r.status = 'open'
            ORDER BY r.requested_at ASC, r.id ASC`,
        ),
        rowsOf<{
          client_id: string;
          label: string;
          company_id: string;
          company_name: string;
          created_at: string | Date;
        }>(
          db,
          sql`SELECT a.client_id, a.label, c.id AS company_id, c.name AS company_name, a.created_at
            FROM api_clients a
            JOIN companies c ON c.id = a.company_id
            WHERE ${underReview(now)}
            ORDER BY a.created_at ASC, a.client_id ASC`,
        ),
      ]);
      return {
        upgradeRequests: requests.map((row) => ({
          companyId: row.company_id,
          companyName: row.company_name,
          plan: row.plan_name,
          requestedAt: isoOf(row.requested_at),
          requesterEmail: row.requester_email,
        })),
        tokensUnderReview: tokens.map((row) => ({
          clientId: row.client_id,
          label: row.label,
          companyId: row.company_id,
          companyName: row.company_name,
          createdAt: isoOf(row.created_at),
        })),
      };
    },
  };
}

export type ConsoleOverviewService = ReturnType<typeof createConsoleOverview>;
