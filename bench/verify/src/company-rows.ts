// A company's rows in the portal's database, read (and its plan set) as an operator would: its usage by
// outcome code (written by usage metering about once a second), what the allowance truth granted of
// today's quota (design §10), and its plan.
import pg from 'pg';

async function query<Row extends pg.QueryResultRow>(databaseUrl: string, sql: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The company's metered verifications, by outcome code, over every hour. */
export async function usageByCode(databaseUrl: string, companyId: string): Promise<Record<string, number>> {
  const rows = await query<{ code: string; total: string }>(
    databaseUrl,
    `SELECT usage.code, sum(usage.count) AS total
       FROM credential_usage_hourly usage
       JOIN api_clients client ON client.client_id = usage.client_id
      WHERE client.company_id = $1
      GROUP BY usage.code`,
    [companyId],
  );
  return Object.fromEntries(rows.map((row) => [row.code, Number(row.total)]));
}

/** Units of today's (UTC) quota the allowance truth has granted the company, leases and portal answers alike. */
export async function dayGranted(databaseUrl: string, companyId: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const rows = await query<{ day_granted: string }>(
    databaseUrl,
    'SELECT day_granted FROM company_allowance WHERE company_id = $1 AND day = $2',
    [companyId, today],
  );
  return Number(rows[0]?.day_granted ?? 0);
}

/**
 * Puts a company on a plan (what `npm run operator -- set-plan` does, without its audit row and event):
 * for a company registered through the API, before it has tokens, so every answer about them carries it.
 */
export async function setCompanyPlan(databaseUrl: string, companyName: string, planName: string) {
  await query(databaseUrl, 'UPDATE companies SET plan_name = $2 WHERE name = $1', [companyName, planName]);
}
