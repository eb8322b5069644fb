// Design §11 "Suspension is visible": a suspended company's members read the suspension and whom to
// contact in GetUser; creating a token and asking for an upgrade are refused with a sentence (409
// `account_suspended`); reinstating returns the company to the status it had before (paid stays paid,
// out of the upgrade queue), which the console's company page offers as the default; and the owner and
// admins, not the members, get an email for each account action of the provider team.
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_MESSAGES,
  ERROR_CODES,
  STANDARD_PLAN,
  SUSPENSION_MESSAGES,
  type User,
} from '@datafeeds/domain';
import { account, consoleCompanies } from '@datafeeds/domain/calls';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { companyIdOf } from '../../helpers/audit.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, getUser, mailbox, type SignedIn } from '../../helpers/factories.ts';
import { companyOfThree } from '../../helpers/team.ts';
import { clientsOf, createClient } from '../../helpers/tokens.ts';
import { answerOf, consoleCall } from './console-calls.ts';
import { requestUpgrade, testCompany } from './company-scenes.ts';
import { appWithStaff } from './staff-sessions.ts';

const { app, admin } = await appWithStaff(testClock(new Date('2026-05-04T10:00:00Z')));
const contact = app.env.PROVIDER_TEAM_EMAIL;

const act = (call: Parameters<typeof consoleCall>[1], payload: object) =>
  consoleCall(app, call, admin.token, { payload });

async function done(response: Awaited<ReturnType<typeof act>>, message: string) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ message });
}

async function userOf(person: SignedIn): Promise<User> {
  const response = await getUser(app, person.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<User>();
}

async function consoleCompany(companyId: string) {
  return answerOf(
    consoleCompanies.getConsoleCompany,
    await consoleCall(app, consoleCompanies.getConsoleCompany, admin.token, { query: { companyId } }),
  );
}

async function queuedCompanyIds(): Promise<string[]> {
  const queues = answerOf(
    consoleCompanies.getConsoleQueues,
    await consoleCall(app, consoleCompanies.getConsoleQueues, admin.token),
  );
  return queues.upgradeRequests.map((request) => request.companyId);
}

const upgrade = (person: SignedIn) =>
  app.inject({ ...callTo(account.upgradeAccount), headers: bearer(person.token), payload: {} });

describe('a suspended paid company', () => {
  it('sees the suspension, cannot create a token or ask for an upgrade, and is paid again once reinstated', async () => {
    const company = await testCompany(app, 'Paid Feeds', { tokens: 1 });
    await done(
      await act(consoleCompanies.approveUpgrade, { companyId: company.id, plan: STANDARD_PLAN }),
      CONSOLE_MESSAGES.upgradeApproved(company.name, STANDARD_PLAN),
    );
    expect(await userOf(company.owner)).toMatchObject({ companyAccountStatus: 'paid', suspension: null });
    await done(
      await act(consoleCompanies.suspendCompany, { companyId: company.id }),
      CONSOLE_MESSAGES.suspended(company.name),
    );

    // Its members read the suspension, what it was before, and whom to contact.
    expect(await userOf(company.owner)).toMatchObject({
      companyAccountStatus: 'suspended',
      suspension: { from: 'paid', contact },
    });
    // The console's reinstate dialog starts from the status before the suspension.
    expect((await consoleCompany(company.id)).suspendedFrom).toBe('paid');

    const created = await createClient(app, company.owner.token);
    expect(created.statusCode, created.body).toBe(409);
    expect(created.json()).toEqual({
      error: ERROR_CODES.accountSuspended,
      message: SUSPENSION_MESSAGES.createToken(contact),
    });
    expect((await clientsOf(app, company.owner.token)).map((client) => client.id)).toEqual(company.clientIds);

    const asked = await upgrade(company.owner);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toEqual({
      error: ERROR_CODES.accountSuspended,
      message: SUSPENSION_MESSAGES.upgrade(contact),
    });
    expect(await queuedCompanyIds()).not.toContain(company.id);

    // Without `to`, reinstating returns the company to what it was: paid.
    await done(
      await act(consoleCompanies.reinstateCompany, { companyId: company.id }),
      CONSOLE_MESSAGES.reinstated(company.name, 'paid'),
    );
    expect(await userOf(company.owner)).toMatchObject({
      companyAccountStatus: 'paid',
      upgradeRequestedAt: null,
      suspension: null,
    });
    expect((await consoleCompany(company.id)).suspendedFrom).toBeNull();
    expect(await queuedCompanyIds()).not.toContain(company.id);
  });
});

describe('a suspended trial company', () => {
  it('returns to its trial by default; reinstated on a paid account instead, its open request is closed', async () => {
    const trial = await testCompany(app, 'Trial Feeds', { tokens: 1 });
    await act(consoleCompanies.suspendCompany, { companyId: trial.id });
    expect(await userOf(trial.owner)).toMatchObject({ suspension: { from: 'trial', contact } });
    expect((await consoleCompany(trial.id)).suspendedFrom).toBe('trial');
    await done(
      await act(consoleCompanies.reinstateCompany, { companyId: trial.id }),
      CONSOLE_MESSAGES.reinstated(trial.name, 'trial'),
    );
    expect(await userOf(trial.owner)).toMatchObject({ companyAccountStatus: 'trial', suspension: null });

    const asking = await testCompany(app, 'Asking Feeds');
    await requestUpgrade(app, asking);
    expect(await queuedCompanyIds()).toContain(asking.id);
    await act(consoleCompanies.suspendCompany, { companyId: asking.id });
    await done(
      await act(consoleCompanies.reinstateCompany, { companyId: asking.id, to: 'paid' }),
      CONSOLE_MESSAGES.reinstated(asking.name, 'paid'),
    );
    expect(await userOf(asking.owner)).toMatchObject({
      companyAccountStatus: 'paid',
      upgradeRequestedAt: null,
    });
    expect(await queuedCompanyIds()).not.toContain(asking.id);
  });
});

describe("the provider team's account actions are emailed", () => {
  it('to the owner and admins, not the members: extension, upgrade, plan change, suspension, reinstatement', async () => {
    const { owner, admin: companyAdmin, member } = await companyOfThree(app);
    const companyId = await companyIdOf(app, owner.email);
    const plan = `gold-${companyId.slice(0, 8)}`;
    await app.plans.create({ name: plan, dailyQuota: 2000, ratePerSecond: 7 }, OPERATOR_CONTEXT);
    const before = new Set((await mailbox(app)).map((message) => message.id));

    for (const [call, payload] of [
      [consoleCompanies.extendTrial, { companyId, days: 10 }],
      [consoleCompanies.approveUpgrade, { companyId, plan: STANDARD_PLAN }],
      [consoleCompanies.changeCompanyPlan, { companyId, plan }],
      [consoleCompanies.suspendCompany, { companyId }],
      [consoleCompanies.reinstateCompany, { companyId }],
    ] as const) {
      const response = await act(call, payload);
      expect(response.statusCode, response.body).toBe(200);
    }

    const sent = (await mailbox(app)).filter((message) => !before.has(message.id));
    const subjects = (to: string) =>
      sent
        .filter((message) => message.to === to.toLowerCase())
        .map((message) => message.subject)
        .sort();
    const expected = [
      'Your DataFeeds account is reinstated',
      'Your DataFeeds account is suspended',
      'Your DataFeeds account is upgraded',
      'Your DataFeeds plan changed',
      'Your DataFeeds trial is extended',
    ];
    expect(subjects(owner.email)).toEqual(expected);
    expect(subjects(companyAdmin.email)).toEqual(expected);
    expect(subjects(member.email)).toEqual([]);

    const texts = sent.filter((message) => message.to === owner.email.toLowerCase());
    const text = (subject: string) => texts.find((message) => message.subject === subject)?.text ?? '';
    expect(text('Your DataFeeds account is suspended')).toContain(contact);
    expect(text('Your DataFeeds account is reinstated')).toContain('as a paid account');
    expect(text('Your DataFeeds account is upgraded')).toContain(`the ${STANDARD_PLAN} plan`);
    expect(text('Your DataFeeds plan changed')).toContain(
      `the ${plan} plan (2,000 requests per day, 7 per second)`,
    );
    expect(text('Your DataFeeds trial is extended')).toContain('it now ends on');
  });
});
