// The cache-miss baseline must do the portal's miss, not an easier one: its SQL is the portal's query's
// text, and its answer is the portal's VALID answer for the row that query returns.
import { describe, expect, it } from 'vitest';
import { credentialBySecretHashSql } from '../../../apps/api/src/plugins/app/verification/credential-lookup.ts';
import { BARE_VERIFY_SQL, bareAnswer } from '../src/children/bare-verify-query.ts';

describe("bench:verify's cache-miss baseline", () => {
  it("runs the portal's own miss query, word for word", () => {
    expect(BARE_VERIFY_SQL).toBe(credentialBySecretHashSql());
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
