// The console's plans (design §10, §11): every staff member reads them with the companies on each; an
// administrator creates and changes them through the service `plan create|update` calls, each change
// audited with the member as actor, and every data feed hears new limits at once. The trial plan follows
// the server's environment and is refused here as the CLI refuses it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_REFUSALS,
  CONSOLE_TOOL_MESSAGES,
  MAX_PLAN_RATE_PER_SECOND,
  type VerifiedCredential,
} from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { verifiedUser } from '../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';
import { lastAuditSeq, staffActionRow, teamAuditSince } from './console-audit.ts';
import { testCompany } from './company-scenes.ts';
import { answerOf, consoleCall, expectRefusal } from './console-calls.ts';
import { appWithStaff } from './staff-sessions.ts';

const { app, admin, support } = await appWithStaff();
const verifierKey = await newVerifierKey(app);

const planName = (stem = 'plan') => `${stem}-${randomBytes(3).toString('hex')}`;
const createPlan = (token: string, payload: object) =>
  consoleCall(app, consoleTools.createPlan, token, { payload });
const updatePlan = (token: string, payload: object) =>
  consoleCall(app, consoleTools.updatePlan, token, { payload });
const plans = async (token: string) =>
  answerOf(consoleTools.listPlans, await consoleCall(app, consoleTools.listPlans, token)).plans;

async function limitsOf(secret: string) {
  const answer = await verified(app, verifierKey, { secret });
  expect(answer.code).toBe('VALID');
  return (answer as VerifiedCredential).limits;
}

describe('console plans', () => {
  it('lists every plan with its limits and companies; the trial plan is not editable', async () => {
    await verifiedUser(app);
    const listed = await plans(support.token);
    expect(listed.find((plan) => plan.name === 'trial')).toMatchObject({
      dailyQuota: 10_000,
      ratePerSecond: 10,
      editable: false,
    });
    expect(listed.find((plan) => plan.name === 'trial')?.companies).toBeGreaterThan(0);
    expect(listed.find((plan) => plan.name === 'standard')).toMatchObject({
      dailyQuota: null,
      ratePerSecond: 50,
      editable: true,
    });
  });

  it('creates a plan (201), listed and audited with the member as actor', async () => {
    const name = planName('gold');
    const since = await lastAuditSeq(app);
    const created = answerOf(
      consoleTools.createPlan,
      await createPlan(admin.token, { name, dailyQuota: 100_000, ratePerSecond: null }),
      201,
    );
    expect(created).toEqual({ name, dailyQuota: 100_000, ratePerSecond: null, companies: 0, editable: true });
    expect(await plans(admin.token)).toContainEqual(created);
    expect(await teamAuditSince(app, since)).toEqual([
      staffActionRow(admin, 'plan.created', { name, dailyQuota: 100_000, ratePerSecond: null }),
    ]);
  });

  it('refuses a taken name (409), a bad name or number (400), and support (403), changing nothing', async () => {
    const since = await lastAuditSeq(app);
    expectRefusal(
      await createPlan(admin.token, { name: 'standard', dailyQuota: 5, ratePerSecond: 5 }),
      409,
      CONSOLE_TOOL_MESSAGES.planExists,
    );
    for (const name of ['Gold', 'g', '9lives', 'gold plan', `g${'x'.repeat(40)}`]) {
      const refused = await createPlan(admin.token, { name, dailyQuota: 5, ratePerSecond: 5 });
      expectRefusal(refused, 400, CONSOLE_TOOL_MESSAGES.planNameInvalid);
    }
    for (const ratePerSecond of [0, 1.5, MAX_PLAN_RATE_PER_SECOND + 1, '5']) {
      const refused = await createPlan(admin.token, { name: planName(), dailyQuota: 5, ratePerSecond });
      expectRefusal(refused, 400, CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(MAX_PLAN_RATE_PER_SECOND));
    }
    const name = planName();
    expectRefusal(
      await createPlan(support.token, { name, dailyQuota: 5, ratePerSecond: 5 }),
      403,
      CONSOLE_REFUSALS.managePlans,
    );
    expect((await plans(admin.token)).map((plan) => plan.name)).not.toContain(name);
    expect(await teamAuditSince(app, since)).toEqual([]);
  });

  it("changes a plan's limits: data feeds get them at once, the answer counts its companies, audited", async () => {
    const name = planName('team');
    await createPlan(admin.token, { name, dailyQuota: 1000, ratePerSecond: 5 });
    const company = await testCompany(app, 'Team Plan Co', { tokens: 1 });
    const clientSecret = company.clients[0]?.clientSecret ?? '';
    await app.companyAccount.changePlan(company.id, name, OPERATOR_CONTEXT);
    expect(await limitsOf(clientSecret)).toMatchObject({ plan: name, dailyQuota: 1000, ratePerSecond: 5 });
    const since = await lastAuditSeq(app);

    const changed = answerOf(
      consoleTools.updatePlan,
      await updatePlan(admin.token, { name, dailyQuota: null, ratePerSecond: 20 }),
    );
    expect(changed).toEqual({ name, dailyQuota: null, ratePerSecond: 20, companies: 1, editable: true });
    // The answer cached by the first verification was dropped: the new limits apply at once.
    expect(await limitsOf(clientSecret)).toMatchObject({ plan: name, dailyQuota: null, ratePerSecond: 20 });
    expect(await teamAuditSince(app, since)).toEqual([
      staffActionRow(admin, 'plan.updated', {
        name,
        dailyQuota: null,
        ratePerSecond: 20,
        fromDailyQuota: 1000,
        fromRatePerSecond: 5,
      }),
    ]);
  });

  it('refuses the trial plan (409), an unknown plan (404) and support (403)', async () => {
    const before = await plans(admin.token);
    expectRefusal(
      await updatePlan(admin.token, { name: 'trial', dailyQuota: 5, ratePerSecond: 5 }),
      409,
      CONSOLE_TOOL_MESSAGES.trialPlanFromEnvironment,
    );
    expectRefusal(
      await updatePlan(admin.token, { name: planName('nowhere'), dailyQuota: 5, ratePerSecond: 5 }),
      404,
      CONSOLE_TOOL_MESSAGES.planNotFound,
    );
    expectRefusal(
      await updatePlan(support.token, { name: 'standard', dailyQuota: 5, ratePerSecond: 5 }),
      403,
      CONSOLE_REFUSALS.managePlans,
    );
    expect(await plans(admin.token)).toEqual(before);
  });
});
