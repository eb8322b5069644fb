// GetActivity and ExportActivity: a company's events only, newest first, a page at a time, filtered by
// kind and date; the export holds the same rows as CSV, safe to open in a spreadsheet.
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CSV_COLUMNS,
  AUDIT_EVENT_LABELS,
  activityPageSchema,
  type ActivityPage,
  type AuditEvent,
  ACTIVITY_DATE_RANGE_MESSAGE,
} from '@datafeeds/domain';
import { activity, tokens } from '@datafeeds/domain/calls';
import { parseCsv } from '../../../src/lib/csv.ts';
import { auditRows, companyIdOf } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, login, registerUser } from '../../helpers/factories.ts';
import { createClient, tokenRequest, verifiedUser } from '../../helpers/tokens.ts';

const clock = testClock(new Date('2026-05-10T12:00:00Z'));
const app = await buildTestApp({ clock });

const getActivity = (token: string, query: Record<string, string> = {}) =>
  app.inject({ ...callTo(activity.getActivity), headers: bearer(token), query });
const exportActivity = (token: string, query: Record<string, string> = {}) =>
  app.inject({ ...callTo(activity.exportActivity), headers: bearer(token), query });

async function pageOf(token: string, query: Record<string, string> = {}): Promise<ActivityPage> {
  const response = await getActivity(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json());
}

/** Access tokens last minutes: after moving the clock by days, sign in again (one more event). */
async function signInAgain(user: { token: string; registration: { email: string; password: string } }) {
  const response = await login(app, user.registration.email, user.registration.password);
  expect(response.statusCode).toBe(200);
  user.token = response.json<{ token: string }>().token;
}

// Company A: verified on May 10; signed in and twelve tokens on May 11; signed in and one token on
// May 12 from a hostile user agent.
const userA = await verifiedUser(app);
clock.set(new Date('2026-05-11T09:00:00Z'));
await signInAgain(userA);
for (let index = 0; index < 12; index += 1) {
  expect((await createClient(app, userA.token, tokenRequest({ label: `Token ${index}` }))).statusCode).toBe(
    201,
  );
}
clock.set(new Date('2026-05-12T23:59:59Z'));
await signInAgain(userA);
const hostile = await app.inject({
  ...callTo(tokens.createClient),
  headers: { ...bearer(userA.token), 'user-agent': '=HYPERLINK("http://evil.test","x")' },
  payload: tokenRequest({ label: '@SUM(1,2) "quoted", label' }),
});
expect(hostile.statusCode).toBe(201);
// Company B, and a sign-in attempt on no company at all.
const userB = await registerUser(app);
expect((await createClient(app, userB.token)).statusCode).toBe(201);
expect((await login(app, `nobody.${Date.now()}@example.com`, 'not-a-password-1')).statusCode).toBe(401);

const companyA = await companyIdOf(app, userA.registration.email);
/** Company A's rows, newest first with the later-written first among equal times: the expected order. */
async function expectedA() {
  const rows = (await auditRows(app)).filter((row) => row.companyId === companyA);
  return rows.sort((x, y) => y.at.getTime() - x.at.getTime() || y.seq - x.seq).map((row) => String(row.seq));
}

describe('GET /api/GetActivity', () => {
  it("lists the caller's company's events newest first, 25 to a page by default", async () => {
    const expected = await expectedA();
    expect(expected).toHaveLength(16);
    const page = await pageOf(userA.token);
    expect(page).toMatchObject({ page: 0, pageSize: 25, total: 16 });
    expect(page.events.map((event) => event.id)).toEqual(expected);
    expect(page.events[0]).toMatchObject({
      kind: 'credential.created',
      at: '2026-05-12T23:59:59.000Z',
      actor: { kind: 'user', email: userA.registration.email.toLowerCase() },
      userAgent: '=HYPERLINK("http://evil.test","x")',
      detail: { label: '@SUM(1,2) "quoted", label' },
    });
    expect(page.events.at(-1)?.kind).toBe('email.verified');
  });

  it('pages through the events with the page size asked for, and refuses other sizes', async () => {
    const expected = await expectedA();
    const first = await pageOf(userA.token, { pageSize: '10' });
    const second = await pageOf(userA.token, { pageSize: '10', page: '1' });
    expect(first).toMatchObject({ page: 0, pageSize: 10, total: 16 });
    expect(second).toMatchObject({ page: 1, pageSize: 10, total: 16 });
    expect(second.events).toHaveLength(6);
    expect([...first.events, ...second.events].map((event) => event.id)).toEqual(expected);
    expect((await pageOf(userA.token, { pageSize: '10', page: '5' })).events).toEqual([]);
    for (const query of <Record<string, string>[]>[
      { pageSize: '7' },
      { pageSize: '100' },
      { page: '-1' },
      { page: 'x' },
    ]) {
      expect((await getActivity(userA.token, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('filters by kind and by day or time, `to` as a day including all of it', async () => {
    const kinds = (page: ActivityPage) => new Set(page.events.map((event) => event.kind));
    const verified = await pageOf(userA.token, { kind: 'email.verified' });
    expect(verified.total).toBe(1);
    expect(kinds(verified)).toEqual(new Set(['email.verified']));

    expect((await pageOf(userA.token, { kind: 'sign_in.succeeded' })).total).toBe(2);
    expect((await pageOf(userA.token, { from: '2026-05-11', to: '2026-05-11' })).total).toBe(13);
    expect((await pageOf(userA.token, { to: '2026-05-10' })).total).toBe(1);
    expect((await pageOf(userA.token, { from: '2026-05-12' })).total).toBe(2);
    expect((await pageOf(userA.token, { to: '2026-05-12T23:59:59Z' })).total).toBe(16);
    expect((await pageOf(userA.token, { to: '2026-05-12T23:59:58.999Z' })).total).toBe(14);
    expect((await pageOf(userA.token, { from: '2026-05-11T09:00:00.001Z' })).total).toBe(2);
    expect((await pageOf(userA.token, { kind: 'sign_out' })).total).toBe(0);
    for (const query of <Record<string, string>[]>[
      { kind: 'credential.exploded' },
      { from: 'yesterday' },
      { to: '2026-13-01' },
      { since: '2026-05-10' },
      // Valid ISO, but no moment the database stores: a 400 with the range, not a 500.
      { from: '0000-02-29' },
      { to: '9999-12-31T23:00:00-14:00' },
    ]) {
      expect((await getActivity(userA.token, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    const ancient = await getActivity(userA.token, { from: '0000-02-29' });
    expect(JSON.stringify(ancient.json())).toContain(ACTIVITY_DATE_RANGE_MESSAGE);
  });

  it("never shows another company's events, nor events of no company", async () => {
    const pageB = await pageOf(userB.token, { pageSize: '50' });
    const companyB = await companyIdOf(app, userB.registration.email);
    const ofB = (await auditRows(app))
      .filter((row) => row.companyId === companyB)
      .map((row) => String(row.seq));
    expect(pageB.events.map((event) => event.id).sort()).toEqual(ofB.sort());
    expect(pageB.total).toBe(1);
    const orphans = (await auditRows(app))
      .filter((row) => row.companyId === null)
      .map((row) => String(row.seq));
    expect(orphans.length).toBeGreaterThan(0);
    const seen = [...pageB.events, ...(await pageOf(userA.token, { pageSize: '50' })).events].map(
      (event) => event.id,
    );
    for (const id of [...orphans]) expect(seen).not.toContain(id);
    expect((await getActivity('not-a-token')).statusCode).toBe(401);
  });
});

describe('GET /api/ExportActivity', () => {
  it('answers every matching event as a CSV attachment, the rows of the list', async () => {
    const response = await exportActivity(userA.token, { from: '2026-05-11' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity-2026-05-12.csv"');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...ACTIVITY_CSV_COLUMNS]);
    const listed: AuditEvent[] = (await pageOf(userA.token, { from: '2026-05-11', pageSize: '50' })).events;
    expect(rows).toHaveLength(15);
    expect(rows.map((row) => row[0])).toEqual(listed.map((event) => event.at));
    expect(rows.map((row) => row[1])).toEqual(listed.map((event) => AUDIT_EVENT_LABELS[event.kind]));
    // The newest of May 11: the twelfth token.
    expect(rows[2]).toEqual([
      listed[2]?.at,
      'API token created',
      userA.registration.email.toLowerCase(),
      '127.0.0.1',
      'lightMyRequest',
      JSON.stringify(listed[2]?.detail),
      `Created “Token 11” (client ID …${String(listed[2]?.detail.clientId).slice(-5)})`,
    ]);
    expect(parseCsv((await exportActivity(userA.token, { kind: 'email.verified' })).body)).toHaveLength(2);
  });

  it('escapes quotes and commas and defuses cells a spreadsheet would run as formulas', async () => {
    const response = await exportActivity(userA.token, { from: '2026-05-12' });
    const [, row] = parseCsv(response.body);
    expect(row?.[4]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(JSON.parse(row?.[5] ?? '')).toMatchObject({ label: '@SUM(1,2) "quoted", label' });
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it("holds only the caller's company's events, and refuses a bad filter", async () => {
    const body = (await exportActivity(userB.token)).body;
    expect(parseCsv(body)).toHaveLength(2);
    expect(body).not.toContain(userA.registration.email.toLowerCase());
    expect(body).not.toContain('nobody.');
    expect((await exportActivity(userA.token, { kind: 'nope' })).statusCode).toBe(400);
    expect((await exportActivity(userA.token, { page: '1' })).statusCode).toBe(400);
  });
});
