// Staff identity stays internal (design §11 "The staff actor"): a staff action's address and browser are
// in the provider team's reading of the trail, never in the company's own Activity nor its CSV; the
// customer's own actions keep theirs there.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_COLUMNS, type ActivityPage } from '@datafeeds/domain';
import { activity, consoleCompanies, tokens } from '@datafeeds/domain/calls';
import { ORIGIN, fromOrigin } from '../../helpers/audit.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { tokenRequest } from '../../helpers/tokens.ts';
import { answerOf, consoleCall } from './console-calls.ts';
import { testCompany } from './company-scenes.ts';
import { appWithStaff } from './staff-sessions.ts';

const { app, admin } = await appWithStaff(testClock(new Date('2026-05-04T10:00:00Z')));

/** A company whose trial a staff member extended, from ORIGIN, after the owner made a token from it. */
async function extendedByStaff() {
  const company = await testCompany(app, 'Origin Scores');
  const made = await app.inject(
    fromOrigin({
      ...callTo(tokens.createClient),
      headers: bearer(company.owner.token),
      payload: tokenRequest({ label: 'From the office' }),
    }),
  );
  expect(made.statusCode, made.body).toBe(201);
  const extended = await consoleCall(app, consoleCompanies.extendTrial, admin.token, {
    payload: { companyId: company.id, days: 5 },
  });
  expect(extended.statusCode, extended.body).toBe(200);
  return company;
}

describe("a staff action in the company's Activity", () => {
  it('carries no address nor browser in the answer; the customer’s own event keeps them', async () => {
    const company = await extendedByStaff();
    const response = await app.inject({
      ...callTo(activity.getActivity, '?pageSize=50'),
      headers: bearer(company.owner.token),
    });
    const { events } = response.json<ActivityPage>();
    expect(response.statusCode, response.body).toBe(200);
    const staff = events.find((event) => event.kind === 'trial.extended');
    expect(staff).toMatchObject({ actor: { kind: 'staff', email: null }, ipAddress: null, userAgent: null });
    expect(events.find((event) => event.kind === 'credential.created')).toMatchObject({
      ipAddress: ORIGIN.ip,
      userAgent: ORIGIN.userAgent,
    });
  });

  it('carries no address nor browser in the CSV export', async () => {
    const company = await extendedByStaff();
    const response = await app.inject({
      ...callTo(activity.exportActivity),
      headers: bearer(company.owner.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain(ACTIVITY_CSV_COLUMNS.join(','));
    const staffLine = lines.find((line) => line.includes('DataFeeds team'));
    expect(staffLine).toBeDefined();
    expect(staffLine).not.toContain(ORIGIN.ip);
    expect(staffLine).not.toContain(ORIGIN.userAgent);
    expect(lines.some((line) => line.includes(ORIGIN.ip) && line.includes(ORIGIN.userAgent))).toBe(true);
  });

  it("stays in the provider team's reading of the company's activity", async () => {
    const company = await extendedByStaff();
    const page = answerOf(
      consoleCompanies.getConsoleCompanyActivity,
      await consoleCall(app, consoleCompanies.getConsoleCompanyActivity, admin.token, {
        query: { companyId: company.id },
      }),
    );
    expect(page.events.find((event) => event.kind === 'trial.extended')).toMatchObject({
      actor: { kind: 'staff', email: admin.email },
      ipAddress: ORIGIN.ip,
      userAgent: ORIGIN.userAgent,
    });
  });
});
