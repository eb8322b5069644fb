// Answers of the console's calls for the web tests, each checked against its contract by `answer`.
import { system } from '@datafeeds/domain/calls';
import * as staffConsole from '@datafeeds/domain/calls/console';
import * as companies from '@datafeeds/domain/calls/console-companies';
import * as tools from '@datafeeds/domain/calls/console-tools';
import type { ConsoleCompany, ConsoleCompanyRow, ConsoleOverview, StaffRole } from '@datafeeds/domain';
import { answer } from './call-doubles';
import { appConfig } from './fixtures';
import { setStaffToken } from '@/lib/console/staff-session';

export const COMPANY_ID = '0b7a3c52-6f0e-4a4f-9a53-7d1c2f0e9a11';
export const OTHER_COMPANY_ID = '5d2c1b0a-3e4f-4a5b-8c7d-9e0f1a2b3c4d';

export const config = answer(system.config, { body: appConfig });

export function staffMe(role: StaffRole = 'admin') {
  return answer(staffConsole.getStaffMe, {
    body: { id: 'staff-1', email: `${role}@datafeeds.example`, role },
  });
}

/** A staff session already in memory, as after signing in. */
export function signInStaff(): void {
  setStaffToken('staff-access-token');
}

export const overview: ConsoleOverview = {
  companiesByStatus: { trial: 12, paid: 7, suspended: 1 },
  trialsEndingSoon: 3,
  upgradeRequestsWaiting: 2,
  tokensUnderReview: 4,
  verificationsToday: 15230,
  refusedToday: 42,
  failedEmails: 5,
  failingEmails: 6,
};

export function companyRow(overrides: Partial<ConsoleCompanyRow> = {}): ConsoleCompanyRow {
  return {
    id: COMPANY_ID,
    name: 'Acme Odds',
    ownerEmail: 'owner@acme.example',
    accountStatus: 'trial',
    plan: 'trial',
    trialEndsAt: '2026-12-03T00:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
    members: 3,
    tokens: 2,
    upgradeRequested: true,
    ...overrides,
  };
}

export function companyPage(
  overrides: Partial<ConsoleCompany> = {},
  row: Partial<ConsoleCompanyRow> = {},
): ConsoleCompany {
  return {
    company: companyRow(row),
    suspendedFrom: row.accountStatus === 'suspended' ? 'trial' : null,
    plan: { name: 'trial', dailyQuota: 10000, ratePerSecond: 10 },
    upgradeRequest: { requestedAt: '2026-11-20T10:00:00.000Z', requesterEmail: 'owner@acme.example' },
    usage: { usedToday: 1234, refusedToday: 5 },
    members: [
      {
        id: 'member-1',
        email: 'owner@acme.example',
        name: 'Olive Owner',
        role: 'owner',
        joinedAt: '2026-11-01T09:00:00.000Z',
      },
    ],
    tokens: [
      {
        clientId: 'dfc_ReviewToken00000000000',
        label: 'Scores feed',
        status: 'review',
        createdAt: '2026-11-02T09:00:00.000Z',
        expiresAt: '2026-12-03T00:00:00.000Z',
        lastUsedAt: '2026-11-25T18:00:00.000Z',
        usedToday: 1000,
        dailyCap: 5000,
      },
      {
        clientId: 'dfc_OddsToken0000000000000',
        label: 'Odds feed',
        status: 'active',
        createdAt: '2026-11-03T09:00:00.000Z',
        expiresAt: null,
        lastUsedAt: null,
        usedToday: 234,
        dailyCap: null,
      },
    ],
    ...overrides,
  };
}

export const plans = answer(tools.listPlans, {
  body: {
    plans: [
      { name: 'trial', dailyQuota: 10000, ratePerSecond: 10, companies: 12, editable: false },
      { name: 'standard', dailyQuota: null, ratePerSecond: 50, companies: 6, editable: true },
      { name: 'pro', dailyQuota: 5000000, ratePerSecond: 200, companies: 1, editable: true },
    ],
  },
});

export const emptyActivity = answer(companies.getConsoleCompanyActivity, {
  body: { events: [], page: 0, pageSize: 25, total: 0 },
});
