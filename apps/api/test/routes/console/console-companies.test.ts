// The console's companies list, overview and company page (design §11 "Screens"): search by a company's
// name, a member's email or a client ID, each filter, sorts with a stable tie-break, pages and totals;
// the overview's counts; a company's page and activity, which never hold another company's members,
// tokens or events, and name the staff member where the customer's own Activity does not.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_MESSAGES,
  shortClientId,
  type ActivityPage,
  type ConsoleCompaniesPage,
  type ConsoleCompany,
  type ConsoleOverview,
} from '@datafeeds/domain';
import { activity, consoleCompanies, type CallDefinition } from '@datafeeds/domain/calls';
import { companies, credentialUsageHourly, outboxEmails } from '../../../src/db/schema.ts';
import { OPERATOR_CONTEXT, staffContext } from '../../../src/plugins/app/audit/audit-log.ts';
import { auditRows } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { createdClient } from '../../helpers/tokens.ts';
import {
  clearTrialEnd,
  requestUpgrade,
  setTrialEnd,
  testCompany,
  type TestCompany,
} from './company-scenes.ts';
import { consoleCall } from './console-calls.ts';
import { signedInStaff } from './staff-sessions.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const clock = testClock();
const app = await buildTestApp({ clock });
const staff = await signedInStaff(app, clock);
/** A console read by `staff`, its query as the browser sends it (text). */
const read = (call: CallDefinition, query: Record<string, string> = {}) =>
  consoleCall(app, call, staff.token, { query });
const start = clock.now().getTime();
const inDays = (days: number) => new Date(start + days * DAY_MS);

// Companies are created a second apart (their creation time is the clock's).
// Zephyr: a trial ending in 3 days, 2 tokens, an invited member, an upgrade request.
const zephyr = await testCompany(app, 'Zephyr Analytics', { tokens: 2, members: 1 });
clock.advance(1);
await setTrialEnd(app, zephyr.id, inDays(3));
await requestUpgrade(app, zephyr);
// alpha: paid on the standard plan, no trial end, a token under review (a paid company's new tokens are).
const alpha = await testCompany(app, 'alpha Sports');
clock.advance(1);
expect(await app.companyAccount.approveUpgrade(alpha.id, 'standard', OPERATOR_CONTEXT)).toMatchObject({
  approvedRequests: 0,
});
await clearTrialEnd(app, alpha.id);
alpha.clientIds.push((await createdClient(app, alpha.owner.token)).clientId);
// Mid Court: suspended, its old trial end within the window (not a trial any more: not "ending soon").
const midCourt = await testCompany(app, 'Mid Court Data', { tokens: 1 });
clock.advance(1);
await setTrialEnd(app, midCourt.id, inDays(2));
await app.companyAccount.suspendCompany(midCourt.id, OPERATOR_CONTEXT);
// Beta: a trial ending in 20 days. Ended: a trial that ended yesterday.
const beta = await testCompany(app, 'Beta Stats');
clock.advance(1);
await setTrialEnd(app, beta.id, inDays(20));
const ended = await testCompany(app, 'Ended Trial Co');
clock.advance(1);
await setTrialEnd(app, ended.id, inDays(-1));
const named: TestCompany[] = [zephyr, alpha, midCourt, beta, ended];

async function search(query: Record<string, string>): Promise<ConsoleCompaniesPage> {
  const response = await read(consoleCompanies.searchCompanies, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConsoleCompaniesPage>();
}
const idsOf = (page: ConsoleCompaniesPage) => page.companies.map((company) => company.id);
/** Only the companies named above (the paging test adds others later in the file). */
const namedIdsOf = (page: ConsoleCompaniesPage) =>
  idsOf(page).filter((id) => named.some((company) => company.id === id));

describe('searching companies', () => {
  it("finds a company by part of its name, in any case, with the list's figures", async () => {
    const page = await search({ q: 'ZEPHYR anal' });
    expect(idsOf(page)).toEqual([zephyr.id]);
    expect(page.total).toBe(1);
    expect(page.companies[0]).toEqual({
      id: zephyr.id,
      name: 'Zephyr Analytics',
      ownerEmail: zephyr.owner.registration.email,
      accountStatus: 'trial',
      plan: 'trial',
      trialEndsAt: inDays(3).toISOString(),
      createdAt: expect.any(String),
      members: 2,
      tokens: 2,
      upgradeRequested: true,
    });
  });

  it("finds a company by part of a member's email, the owner's or another member's", async () => {
    const ownerPart = zephyr.owner.registration.email.split('@')[0]!.toUpperCase();
    expect(idsOf(await search({ q: ownerPart }))).toEqual([zephyr.id]);
    const memberPart = zephyr.members[0]!.email.slice(0, 12);
    expect(idsOf(await search({ q: memberPart }))).toEqual([zephyr.id]);
  });

  it('finds a company by a whole client ID, its start or its end, never by its middle', async () => {
    const clientId = midCourt.clientIds[0]!;
    expect(idsOf(await search({ q: clientId }))).toEqual([midCourt.id]);
    expect(idsOf(await search({ q: clientId.slice(0, 12) }))).toEqual([midCourt.id]);
    expect((await search({ q: clientId.slice(6, -6) })).total).toBe(0);
  });

  it('finds a company by the end of a client ID as customers see it ("…686ia")', async () => {
    const clientId = midCourt.clientIds[0]!;
    const seen = shortClientId(clientId);
    expect(seen).toHaveLength(5);
    for (const q of [seen, `…${seen}`, `...${seen}`, clientId.slice(-10)])
      expect(idsOf(await search({ q })), q).toEqual([midCourt.id]);
    // Client IDs are case-sensitive, their ends too.
    const flipped = [...seen]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join('');
    if (flipped !== seen) expect(idsOf(await search({ q: flipped }))).not.toContain(midCourt.id);
  });

  it('reads % and _ in the search as themselves, and answers any text', async () => {
    expect((await search({ q: '%' })).total).toBe(0);
    expect((await search({ q: '_' })).total).toBe(0);
    // `dfc_%` would match every client ID were `%` a wildcard.
    for (const q of ['\\', "o'neil", 'dfc_%', 'x\\%', '日本', 'Ünïcode', '😀', 'a'.repeat(200)]) {
      expect((await search({ q })).total, q).toBe(0);
    }
    // Spaces around the text are not part of it.
    expect(idsOf(await search({ q: '  zephyr  ' }))).toEqual([zephyr.id]);
  });

  it('filters by status, plan, trials ending soon and upgrade requests', async () => {
    expect(namedIdsOf(await search({ status: 'paid' }))).toEqual([alpha.id]);
    expect(namedIdsOf(await search({ status: 'suspended' }))).toEqual([midCourt.id]);
    expect(namedIdsOf(await search({ plan: 'standard' }))).toEqual([alpha.id]);
    expect(namedIdsOf(await search({ trialEndingSoon: 'true' }))).toEqual([zephyr.id]);
    expect(namedIdsOf(await search({ upgradeRequested: 'true' }))).toEqual([zephyr.id]);
    // Filters and the search together.
    expect((await search({ q: 'zephyr', status: 'paid' })).total).toBe(0);
    expect(namedIdsOf(await search({ status: 'trial', sort: 'name', order: 'asc' }))).toEqual([
      beta.id,
      ended.id,
      zephyr.id,
    ]);
  });

  it('sorts by name in any case, by creation and by trial end (none last), either way', async () => {
    const byName = [alpha, beta, ended, midCourt, zephyr].map((company) => company.id);
    expect(namedIdsOf(await search({ sort: 'name', order: 'asc' }))).toEqual(byName);
    expect(namedIdsOf(await search({ sort: 'name', order: 'desc' }))).toEqual([...byName].reverse());
    const byCreation = named.map((company) => company.id);
    expect(namedIdsOf(await search({ sort: 'createdAt', order: 'asc' }))).toEqual(byCreation);
    expect(namedIdsOf(await search({}))).toEqual([...byCreation].reverse());
    // ended (-1 d), midCourt (+2 d), zephyr (+3 d), beta (+20 d), alpha (paid: no trial end).
    const byTrialEnd = [ended, midCourt, zephyr, beta, alpha].map((company) => company.id);
    expect(namedIdsOf(await search({ sort: 'trialEndsAt', order: 'asc' }))).toEqual(byTrialEnd);
    expect(namedIdsOf(await search({ sort: 'trialEndsAt', order: 'desc' }))).toEqual([
      beta.id,
      zephyr.id,
      midCourt.id,
      ended.id,
      alpha.id,
    ]);
  });

  it('refuses a page size the console does not offer', async () => {
    const response = await read(consoleCompanies.searchCompanies, { pageSize: '7' });
    expect(response.statusCode).toBe(400);
  });
});

describe('the overview', () => {
  it('counts companies by status, trials ending soon, waiting requests, reviews, usage today and failed and failing emails', async () => {
    const now = clock.now();
    const hour = new Date(now.getTime() - (now.getTime() % HOUR_MS));
    const yesterday = new Date(hour.getTime() - DAY_MS);
    const [first, second] = zephyr.clientIds as [string, string];
    await app.db.insert(credentialUsageHourly).values([
      { clientId: first, hour, scope: 'nfl', code: 'VALID', count: 5 },
      { clientId: second, hour, scope: 'any', code: 'VALID', count: 2 },
      { clientId: first, hour, scope: 'nfl', code: 'QUOTA_EXCEEDED', count: 3 },
      { clientId: midCourt.clientIds[0]!, hour, scope: 'nfl', code: 'INACTIVE', count: 4 },
      // Yesterday's requests are not today's.
      { clientId: first, hour: yesterday, scope: 'nfl', code: 'VALID', count: 100 },
      { clientId: first, hour: yesterday, scope: 'nfl', code: 'RATE_LIMITED', count: 100 },
    ]);
    const email = { subject: 'Hello', text: 'body', html: '<p>body</p>', links: [], createdAt: now };
    await app.db.insert(outboxEmails).values([
      { ...email, to: 'gave-up@example.com', status: 'failed', failedAt: now },
      { ...email, to: 'waiting@example.com', status: 'pending', nextAttemptAt: now },
      // Still tried, but the mail server refused its last attempt: failing, not yet failed.
      {
        ...email,
        to: 'failing@example.com',
        status: 'pending',
        attempts: 2,
        nextAttemptAt: now,
        lastAttemptAt: now,
        lastError: 'connect ECONNREFUSED',
      },
    ]);

    const response = await read(consoleCompanies.getConsoleOverview);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ConsoleOverview>()).toEqual({
      companiesByStatus: { trial: 3, paid: 1, suspended: 1 },
      trialsEndingSoon: 1,
      upgradeRequestsWaiting: 1,
      tokensUnderReview: 1,
      verificationsToday: 7,
      refusedToday: 7,
      failedEmails: 1,
      failingEmails: 1,
    });
  });
});

describe("a company's page", () => {
  it('shows its plan, upgrade request, usage today, members and tokens', async () => {
    const response = await read(consoleCompanies.getConsoleCompany, {
      companyId: zephyr.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ConsoleCompany>();
    expect(page.company).toMatchObject({ id: zephyr.id, name: 'Zephyr Analytics', members: 2, tokens: 2 });
    expect(page.plan).toEqual({
      name: 'trial',
      dailyQuota: expect.any(Number),
      ratePerSecond: expect.any(Number),
    });
    expect(page.upgradeRequest).toEqual({
      requestedAt: expect.any(String),
      requesterEmail: zephyr.owner.registration.email,
    });
    // The overview's test wrote today's usage: 5 + 2 admitted, 3 refused (yesterday's left out).
    expect(page.usage).toEqual({ usedToday: 7, refusedToday: 3 });
    expect(page.members.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: zephyr.owner.registration.email, role: 'owner' },
      { email: zephyr.members[0]!.email, role: 'member' },
    ]);
    expect(page.members[0]).toMatchObject({ name: 'Ada Lovelace', joinedAt: expect.any(String) });
    // Both tokens were made at the same clock time (ties go by client ID): compared by label.
    const tokensByLabel = [...page.tokens].sort((a, b) => a.label.localeCompare(b.label));
    expect(tokensByLabel).toEqual([
      {
        clientId: zephyr.clientIds[0],
        label: 'Zephyr Analytics token 0',
        status: 'active',
        createdAt: expect.any(String),
        expiresAt: inDays(3).toISOString(),
        lastUsedAt: null,
        usedToday: 5,
        dailyCap: null,
      },
      expect.objectContaining({ clientId: zephyr.clientIds[1], usedToday: 2 }),
    ]);
  });

  it('answers 404 for an unknown company and 400 for an id that is no UUID', async () => {
    const unknown = await read(consoleCompanies.getConsoleCompany, {
      companyId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: CONSOLE_MESSAGES.companyNotFound });
    const activityOfUnknown = await read(consoleCompanies.getConsoleCompanyActivity, {
      companyId: randomUUID(),
    });
    expect(activityOfUnknown.statusCode).toBe(404);
    const malformed = await read(consoleCompanies.getConsoleCompany, { companyId: 'x' });
    expect(malformed.statusCode).toBe(400);
  });

  it("never holds another company's members, tokens or events", async () => {
    const page = (
      await read(consoleCompanies.getConsoleCompany, { companyId: alpha.id })
    ).json<ConsoleCompany>();
    expect(page.members.map((member) => member.email)).toEqual([alpha.owner.registration.email]);
    expect(page.tokens.map((token) => token.clientId)).toEqual(alpha.clientIds);
    expect(page.tokens[0]?.status).toBe('review');

    const response = await read(consoleCompanies.getConsoleCompanyActivity, {
      companyId: zephyr.id,
      pageSize: '100',
    });
    expect(response.statusCode, response.body).toBe(200);
    const trail = response.json<ActivityPage>();
    const ownRows = (await auditRows(app)).filter((row) => row.companyId === zephyr.id);
    expect(trail.total).toBe(ownRows.length);
    expect(trail.events.map((event) => event.id)).toEqual(ownRows.map((row) => String(row.seq)).reverse());
    const others = new Set([...alpha.clientIds, ...midCourt.clientIds]);
    for (const event of trail.events) expect(others.has(String(event.detail.clientId))).toBe(false);
  });

  it("names the staff member to the console, and only 'the team' to the customer", async () => {
    await app.auditLog.record(app.db, {
      kind: 'trial.extended',
      context: staffContext(staff, { ip: '198.51.100.9', userAgent: 'ConsoleTest' }),
      companyId: beta.id,
      detail: { days: 7 },
    });
    const console = (
      await read(consoleCompanies.getConsoleCompanyActivity, { companyId: beta.id })
    ).json<ActivityPage>();
    expect(console.events[0]).toMatchObject({
      kind: 'trial.extended',
      actor: { kind: 'staff', email: staff.email },
    });
    const customer = await app.inject({ ...callTo(activity.getActivity), headers: bearer(beta.owner.token) });
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json<ActivityPage>().events[0]).toMatchObject({
      kind: 'trial.extended',
      actor: { kind: 'staff', email: null },
    });
  });
});

describe('pages of the list', () => {
  it('answers a page at a time with the total over every page, and past the end an empty page', async () => {
    await app.db
      .insert(companies)
      .values(
        Array.from({ length: 12 }, (_, index) => ({ name: `Paging Co ${String(index).padStart(2, '0')}` })),
      );
    const query = { q: 'paging co', sort: 'name', order: 'asc', pageSize: '10' };
    const first = await search(query);
    expect(first).toMatchObject({ page: 0, pageSize: 10, total: 12 });
    expect(first.companies.map((company) => company.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Paging Co ${String(index).padStart(2, '0')}`),
    );
    const second = await search({ ...query, page: '1' });
    expect(second.companies.map((company) => company.name)).toEqual(['Paging Co 10', 'Paging Co 11']);
    expect(second.total).toBe(12);
    expect(await search({ ...query, page: '2' })).toEqual({
      companies: [],
      page: 2,
      pageSize: 10,
      total: 12,
    });
  });

  it('keeps companies of the same name in one order from page to page (by id)', async () => {
    await app.db.insert(companies).values(Array.from({ length: 15 }, () => ({ name: 'Twin Co' })));
    for (const order of ['asc', 'desc'] as const) {
      const query = { q: 'twin co', sort: 'name', order, pageSize: '10' };
      const pages = [
        ...(await search(query)).companies,
        ...(await search({ ...query, page: '1' })).companies,
      ];
      const ids = pages.map((company) => company.id);
      expect(ids).toHaveLength(15);
      const sorted = [...ids].sort();
      expect(ids).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });
});
