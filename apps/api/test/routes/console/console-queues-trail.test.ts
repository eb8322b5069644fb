// The console's queues (upgrade requests waiting, tokens under review, oldest first) and the staff trail
// (the provider team's actions, newest first, one member's alone on request, with the company acted on)
// (design §11 "Screens").
import { describe, expect, it } from 'vitest';
import type { ConsoleQueues, StaffTrail } from '@datafeeds/domain';
import { consoleCompanies, consoleTools, type CallDefinition } from '@datafeeds/domain/calls';
import { auditEvents } from '../../../src/db/schema.ts';
import { OPERATOR_CONTEXT, staffContext } from '../../../src/plugins/app/audit/audit-log.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { createdClient } from '../../helpers/tokens.ts';
import { requestUpgrade, testCompany } from './company-scenes.ts';
import { consoleCall } from './console-calls.ts';
import { signedInStaff } from './staff-sessions.ts';

const clock = testClock();
const app = await buildTestApp({ clock });
const staff = await signedInStaff(app, clock);
const colleague = await signedInStaff(app, clock, 'admin');
/** A console read by `staff`, its query as the browser sends it (text). */
const read = (call: CallDefinition, query: Record<string, string> = {}) =>
  consoleCall(app, call, staff.token, { query });
const ORIGIN = { ip: '198.51.100.20', userAgent: 'ConsoleTest' };

async function queues(): Promise<ConsoleQueues> {
  const response = await read(consoleCompanies.getConsoleQueues);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConsoleQueues>();
}

async function trail(query: Record<string, string> = {}): Promise<StaffTrail> {
  const response = await read(consoleTools.getStaffTrail, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffTrail>();
}

describe('the queues', () => {
  it('lists upgrade requests waiting, oldest first, until approved', async () => {
    const later = await testCompany(app, 'Later Requests');
    const earlier = await testCompany(app, 'Earlier Requests');
    await requestUpgrade(app, earlier);
    clock.advance(60);
    await requestUpgrade(app, later);
    const { upgradeRequests } = await queues();
    expect(upgradeRequests).toEqual([
      {
        companyId: earlier.id,
        companyName: 'Earlier Requests',
        plan: 'trial',
        requestedAt: expect.any(String),
        requesterEmail: earlier.owner.registration.email,
      },
      expect.objectContaining({ companyId: later.id, requesterEmail: later.owner.registration.email }),
    ]);
    expect(Date.parse(upgradeRequests[1]!.requestedAt) - Date.parse(upgradeRequests[0]!.requestedAt)).toBe(
      60_000,
    );

    await app.companyAccount.approveUpgrade(earlier.id, 'standard', OPERATOR_CONTEXT);
    expect((await queues()).upgradeRequests.map((request) => request.companyId)).toEqual([later.id]);
  });

  it('lists tokens under review, oldest first, until their review ends', async () => {
    const paid = await testCompany(app, 'Paid Reviews');
    await app.companyAccount.approveUpgrade(paid.id, 'standard', OPERATOR_CONTEXT);
    const trial = await testCompany(app, 'Trial No Reviews', { tokens: 1 });
    const first = await createdClient(app, paid.owner.token, { label: 'First' });
    clock.advance(1);
    const second = await createdClient(app, paid.owner.token, { label: 'Second' });
    clock.advance(1);
    const third = await createdClient(app, paid.owner.token, { label: 'Third' });
    await app.credentials.setStatus(app.db, second.clientId, 'active', OPERATOR_CONTEXT);

    const { tokensUnderReview } = await queues();
    expect(tokensUnderReview).toEqual([
      {
        clientId: first.clientId,
        label: 'First',
        companyId: paid.id,
        companyName: 'Paid Reviews',
        createdAt: expect.any(String),
      },
      expect.objectContaining({ clientId: third.clientId, label: 'Third' }),
    ]);
    expect(tokensUnderReview.some((token) => token.companyId === trial.id)).toBe(false);
  });
});

describe('the staff trail', () => {
  it("lists the team's actions newest first, with the company acted on, and no customer's", async () => {
    const acme = await testCompany(app, 'Acme Trail');
    clock.advance(1);
    await app.auditLog.record(app.db, {
      kind: 'trial.extended',
      context: staffContext(staff, ORIGIN),
      companyId: acme.id,
      detail: { days: 7 },
    });
    clock.advance(1);
    await app.auditLog.record(app.db, {
      kind: 'company.suspended',
      context: staffContext(colleague, ORIGIN),
      companyId: acme.id,
    });

    const page = await trail();
    const teamRows = (await app.db.select().from(auditEvents)).filter(
      (row) => row.actorKind === 'staff' || row.actorKind === 'operator',
    );
    expect(page.total).toBe(teamRows.length);
    expect(page.events.every((event) => ['staff', 'operator'].includes(event.actor.kind))).toBe(true);
    expect(page.events.slice(0, 2)).toMatchObject([
      {
        kind: 'company.suspended',
        actor: { kind: 'staff', email: colleague.email },
        company: { id: acme.id, name: 'Acme Trail' },
      },
      {
        kind: 'trial.extended',
        actor: { kind: 'staff', email: staff.email },
        ipAddress: ORIGIN.ip,
        detail: { days: 7 },
        company: { id: acme.id, name: 'Acme Trail' },
      },
    ]);
    const times = page.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The staff accounts were created by operator commands, which belong to no company.
    expect(page.events.find((event) => event.kind === 'staff.created')).toMatchObject({
      actor: { kind: 'operator', email: null },
      company: null,
    });
  });

  it("gives one staff member's actions alone, and pages with the total", async () => {
    const mine = await trail({ staffId: staff.id });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.events.every((event) => event.actor.email === staff.email)).toBe(true);
    expect(mine.events.map((event) => event.kind)).toContain('trial.extended');
    expect(mine.events.map((event) => event.kind)).not.toContain('company.suspended');

    const acme = await testCompany(app, 'Acme Paging');
    for (let index = 0; index < 12; index += 1) {
      clock.advance(1);
      await app.auditLog.record(app.db, {
        kind: 'trial.extended',
        context: staffContext(colleague, ORIGIN),
        companyId: acme.id,
        detail: { days: index + 1 },
      });
    }
    const first = await trail({ staffId: colleague.id, pageSize: '10' });
    const second = await trail({ staffId: colleague.id, pageSize: '10', page: '1' });
    expect(first.total).toBe(second.total);
    const colleagueRows = (await app.db.select().from(auditEvents)).filter(
      (row) => row.actorId === colleague.id,
    );
    expect(first.total).toBe(colleagueRows.length);
    expect(first.total).toBeGreaterThanOrEqual(13);
    expect(first.events.map((event) => event.detail.days)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(second.events.slice(0, 2).map((event) => event.detail.days)).toEqual([2, 1]);
    expect(new Set([...first.events, ...second.events].map((event) => event.id)).size).toBe(
      first.events.length + second.events.length,
    );
  });

  it('refuses a staff id that is no UUID', async () => {
    const response = await read(consoleTools.getStaffTrail, { staffId: 'nobody' });
    expect(response.statusCode).toBe(400);
  });
});
