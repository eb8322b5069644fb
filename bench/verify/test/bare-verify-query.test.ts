// The cache-miss baseline must do the portal's miss, not an easier one: its SQL is the portal's query's
// text, and its answer is the portal's VALID answer for the row that query returns.
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../apps/api/src/db/schema.ts';
import { createCredentialLookup } from '../../../apps/api/src/plugins/app/credentials/credential-lookup.ts';
import { BARE_VERIFY_SQL, bareAnswer } from '../src/children/bare-verify-query.ts';

/** What the portal's own miss lookup sends to PostgreSQL, caught by a `pg` client that finds no row. */
async function portalMissQueries() {
  const sent: { text: string; values: unknown[] }[] = [];
  const client = {
    query: async (query: { text: string }, values: unknown[]) => {
      sent.push({ text: query.text, values });
      return { rows: [], fields: [] };
    },
  };
  const lookup = createCredentialLookup(drizzle({ client: client as never, schema }));
  expect(await lookup('keyed-hash')).toBeUndefined();
  return sent;
}

describe("bench:verify's cache-miss baseline", () => {
  it("runs the portal's own miss query, word for word", async () => {
    expect(await portalMissQueries()).toEqual([{ text: BARE_VERIFY_SQL, values: ['keyed-hash'] }]);
  });

  it('answers a found row with the VALID answer the portal gives, and NOT_FOUND without one', () => {
    const row = [
      'dfc_0123456789ABCDEFGHIJKL',
      '00000000-0000-4000-8000-000000000000',
      'rest',
      { nfl: true, nflLive: true, nba: false },
      'active',
      '2026-07-01T00:00:00.000Z',
      new Date('2026-06-15T12:00:00.000Z'),
      'Bench Verify Sports',
      'paid',
      'bench-limited',
      '100000000000',
      2_000_000_000,
      null,
      'lineage',
    ];
    expect(bareAnswer(row)).toEqual({
      valid: true,
      code: 'VALID',
      clientId: 'dfc_0123456789ABCDEFGHIJKL',
      companyId: '00000000-0000-4000-8000-000000000000',
      companyName: 'Bench Verify Sports',
      accountStatus: 'paid',
      apiType: 'rest',
      scopes: ['nfl', 'nflLive'],
      expiresAt: '2026-06-15T12:00:00.000Z',
      limits: {
        plan: 'bench-limited',
        dailyQuota: 100_000_000_000,
        ratePerSecond: 2_000_000_000,
        dailyCap: null,
      },
    });
    expect(bareAnswer(undefined)).toEqual({ valid: false, code: 'NOT_FOUND' });
  });
});
