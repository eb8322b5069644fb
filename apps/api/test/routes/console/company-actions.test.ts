// The console's actions on a company or a token (design §11): each one's effect, its one audit row with
// the staff member as actor (named in the provider team's reading, "DataFeeds team" in the customer's
// Activity), its refusals (409 with the problem's code and sentence, 404), and what the data feed's
// verification answers afterwards.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTOR_NAMES,
  CLIENT_ID_BODY_LENGTH,
  CLIENT_ID_PREFIX,
  CONSOLE_MESSAGES,
  ERROR_CODES,
  MAX_TRIAL_EXTENSION_DAYS,
  STANDARD_PLAN,
  TRIAL_DAYS,
  auditActorName,
  type ActivityPage,
  type ConsoleProblem,
} from '@datafeeds/domain';
import { account, activity, consoleCompanies, type CallDefinition } from '@datafeeds/domain/calls';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { toAuditEvent } from '../../../src/plugins/app/audit/activity.ts';
import { ORIGIN } from '../../helpers/audit.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, getUser, login, type SignedIn } from '../../helpers/factories.ts';
import { clientsOf, createdClient } from '../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';
import { companyAuditSince, lastAuditSeq } from './console-audit.ts';
import { consoleCall } from './console-calls.ts';
import { appWithStaff, consoleToken } from './staff-sessions.ts';
import { testCompany } from './company-scenes.ts';

const DAY_MS = 86_400_000;
const { clock, app, admin, support } = await appWithStaff(testClock(new Date('2026-05-04T10:00:00Z')));
const key = await newVerifierKey(app);

/** A customer company with a verified owner and one working token. */
async function customer() {
  const company = await testCompany(app, 'Live Scores', { tokens: 1 });
  const [credentials] = company.clients;
  if (!credentials) throw new Error('no token made');
  return { user: company.owner, companyId: company.id, companyName: company.name, ...credentials };
}

const act = (call: CallDefinition, payload: object, token = admin.token) =>
  consoleCall(app, call, token, { payload });

async function expectDone(
  response: Awaited<ReturnType<typeof act>>,
  message: string,
  more: Record<string, unknown> = {},
) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ message, ...more });
}

function expectProblem(response: Awaited<ReturnType<typeof act>>, problem: ConsoleProblem) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toEqual({ error: problem, message: CONSOLE_MESSAGES.problems[problem] });
}

function expectNotFound(response: Awaited<ReturnType<typeof act>>, message: string) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toEqual({ error: ERROR_CODES.notFound, message });
}

/**
 * The company's audit rows since `seq` are exactly `kinds`, each with `staff` as actor from ORIGIN as
 * the provider team reads them; the customer's Activity shows the same events by "DataFeeds team".
 */
async function expectStaffAudit(
  user: SignedIn,
  companyId: string,
  seq: number,
  staff: { email: string },
  kinds: string[],
) {
  const rows = await companyAuditSince(app, companyId, seq);
  expect(rows.map((row) => row.kind)).toEqual(kinds);
  for (const row of rows) {
    expect(toAuditEvent(row)).toMatchObject({
      actor: { kind: 'staff', email: staff.email },
      ipAddress: ORIGIN.ip,
      userAgent: ORIGIN.userAgent,
    });
  }
  // The customer may need a fresh access token after the clock moved.
  const token = (await login(app, user.registration.email, user.registration.password)).json<{
    token: string;
  }>().token;
  const page = await app.inject({ ...callTo(activity.getActivity, '?pageSize=50'), headers: bearer(token) });
  expect(page.statusCode, page.body).toBe(200);
  const seen = page
    .json<ActivityPage>()
    .events.filter((event) => rows.some((row) => String(row.seq) === event.id));
  expect(seen.map((event) => event.kind).sort()).toEqual([...kinds].sort());
  for (const event of seen) {
    expect(event.actor).toEqual({ kind: 'staff', email: null });
    expect(auditActorName(event.actor)).toBe(AUDIT_ACTOR_NAMES.staff);
    expect(auditActorName(event.actor)).toBe('DataFeeds team');
  }
  return rows;
}

const unknownCompany = () => ({ companyId: randomUUID() });

describe('approve an upgrade', () => {
  it("makes the company paid on the plan; the verifier's answer has the paid status and the plan's limits", async () => {
    const { user, companyId, companyName, clientSecret } = await customer();
    await app.inject({ ...callTo(account.upgradeAccount), headers: bearer(user.token), payload: {} });
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
      accountStatus: 'trial',
      limits: { plan: 'trial' },
    });
    const seq = await lastAuditSeq(app);

    const response = await act(consoleCompanies.approveUpgrade, { companyId, plan: STANDARD_PLAN });
    await expectDone(response, CONSOLE_MESSAGES.upgradeApproved(companyName, STANDARD_PLAN));

    const me = (await getUser(app, user.token)).json();
    expect(me).toMatchObject({ companyAccountStatus: 'paid', upgradeRequestedAt: null });
    // The cached answer was dropped: the next one is the paid account's, with no expiry.
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
      valid: true,
      accountStatus: 'paid',
      expiresAt: null,
      limits: { plan: STANDARD_PLAN, dailyQuota: null, ratePerSecond: 50 },
    });
    const rows = await expectStaffAudit(user, companyId, seq, admin, ['upgrade.approved', 'plan.set']);
    expect(rows[1]?.detail).toEqual({ from: 'trial', to: STANDARD_PLAN });
  });

  it('refuses an unknown plan and a suspended company (409), and an unknown company (404)', async () => {
    const { companyId } = await customer();
    const seq = await lastAuditSeq(app);
    expectProblem(
      await act(consoleCompanies.approveUpgrade, { companyId, plan: 'platinum' }),
      'unknown_plan',
    );
    await act(consoleCompanies.suspendCompany, { companyId });
    const suspended = await lastAuditSeq(app);
    expectProblem(
      await act(consoleCompanies.approveUpgrade, { companyId, plan: STANDARD_PLAN }),
      'suspended',
    );
    expect((await companyAuditSince(app, companyId, seq)).map((row) => row.seq)).toEqual([suspended]);
    expectNotFound(
      await act(consoleCompanies.approveUpgrade, { ...unknownCompany(), plan: STANDARD_PLAN }),
      CONSOLE_MESSAGES.companyNotFound,
    );
  });
});

describe('extend a trial', () => {
  it('moves the trial end and its tokens later; support may do it', async () => {
    const { user, companyId, companyName, clientId } = await customer();
    const trialEndsAt = new Date((await getUser(app, user.token)).json().trialEndsAt as string);
    const seq = await lastAuditSeq(app);

    const response = await act(consoleCompanies.extendTrial, { companyId, days: 10 }, support.token);
    const expected = new Date(trialEndsAt.getTime() + 10 * DAY_MS);
    await expectDone(
      response,
      CONSOLE_MESSAGES.trialExtended(companyName, expected.toISOString().slice(0, 10)),
      // The new end itself, which the console words as its page does.
      { trialEndsAt: expected.toISOString() },
    );
    expect((await getUser(app, user.token)).json().trialEndsAt).toBe(expected.toISOString());
    expect((await clientsOf(app, user.token)).find((client) => client.id === clientId)).toMatchObject({
      expiredAt: expected.toISOString(),
    });
    const [row] = await expectStaffAudit(user, companyId, seq, support, ['trial.extended']);
    expect(row?.detail).toEqual({ trialEndsAt: expected.toISOString() });
  });

  it('restarts an ended trial from today, and the verifier admits its token again', async () => {
    const start = clock.now();
    const { user, companyId, companyName, clientSecret } = await customer();
    try {
      clock.advance((TRIAL_DAYS + 2) * 86_400);
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'EXPIRED' });
      const token = await consoleToken(app, clock, admin);
      const seq = await lastAuditSeq(app);
      const expected = new Date(clock.now().getTime() + 3 * DAY_MS);
      await expectDone(
        await act(consoleCompanies.extendTrial, { companyId, days: 3 }, token),
        CONSOLE_MESSAGES.trialExtended(companyName, expected.toISOString().slice(0, 10)),
        { trialEndsAt: expected.toISOString() },
      );
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
        code: 'VALID',
        expiresAt: expected.toISOString(),
      });
      const [row] = await expectStaffAudit(user, companyId, seq, admin, ['trial.extended']);
      expect(row?.detail).toEqual({ trialEndsAt: expected.toISOString() });
    } finally {
      clock.set(start);
    }
  });

  it('refuses a company not on a trial (409), an unknown company (404) and days out of bounds (400)', async () => {
    const { companyId } = await customer();
    await app.companyAccount.approveUpgrade(companyId, STANDARD_PLAN, OPERATOR_CONTEXT);
    expectProblem(await act(consoleCompanies.extendTrial, { companyId, days: 5 }), 'not_on_trial');
    expectNotFound(
      await act(consoleCompanies.extendTrial, { ...unknownCompany(), days: 5 }),
      CONSOLE_MESSAGES.companyNotFound,
    );
    for (const days of [0, MAX_TRIAL_EXTENSION_DAYS + 1, 1.5]) {
      const response = await act(consoleCompanies.extendTrial, { companyId, days });
      expect(response.statusCode, String(days)).toBe(400);
    }
  });
});

describe('change a plan', () => {
  it("moves the company to the plan; the verifier's answer carries its limits", async () => {
    const name = `gold-${randomUUID().slice(0, 8)}`;
    await app.plans.create({ name, dailyQuota: 2000, ratePerSecond: 7 }, OPERATOR_CONTEXT);
    const { user, companyId, companyName, clientSecret } = await customer();
    await verified(app, key, { secret: clientSecret });
    const seq = await lastAuditSeq(app);

    await expectDone(
      await act(consoleCompanies.changeCompanyPlan, { companyId, plan: name }),
      CONSOLE_MESSAGES.planChanged(companyName, name),
    );
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
      limits: { plan: name, dailyQuota: 2000, ratePerSecond: 7 },
    });
    const [row] = await expectStaffAudit(user, companyId, seq, admin, ['plan.set']);
    expect(row?.detail).toEqual({ from: 'trial', to: name });
  });

  it('refuses the plan the company is on and an unknown plan (409), and an unknown company (404)', async () => {
    const { companyId } = await customer();
    const seq = await lastAuditSeq(app);
    expectProblem(await act(consoleCompanies.changeCompanyPlan, { companyId, plan: 'trial' }), 'same_plan');
    expectProblem(
      await act(consoleCompanies.changeCompanyPlan, { companyId, plan: 'platinum' }),
      'unknown_plan',
    );
    expect(await companyAuditSince(app, companyId, seq)).toEqual([]);
    expectNotFound(
      await act(consoleCompanies.changeCompanyPlan, { ...unknownCompany(), plan: 'trial' }),
      CONSOLE_MESSAGES.companyNotFound,
    );
  });
});

describe('suspend and reinstate a company', () => {
  it('the verifier refuses its token while it is suspended and admits it once reinstated', async () => {
    const { user, companyId, companyName, clientSecret } = await customer();
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
    let seq = await lastAuditSeq(app);

    await expectDone(
      await act(consoleCompanies.suspendCompany, { companyId }),
      CONSOLE_MESSAGES.suspended(companyName),
    );
    expect(await verified(app, key, { secret: clientSecret })).toEqual({ valid: false, code: 'INACTIVE' });
    await expectStaffAudit(user, companyId, seq, admin, ['company.suspended']);
    expectProblem(await act(consoleCompanies.suspendCompany, { companyId }), 'already_suspended');

    seq = await lastAuditSeq(app);
    await expectDone(
      await act(consoleCompanies.reinstateCompany, { companyId, to: 'paid' }),
      CONSOLE_MESSAGES.reinstated(companyName, 'paid'),
    );
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
      code: 'VALID',
      accountStatus: 'paid',
    });
    const [row] = await expectStaffAudit(user, companyId, seq, admin, ['company.reinstated']);
    expect(row?.detail).toEqual({ to: 'paid' });
    expectProblem(await act(consoleCompanies.reinstateCompany, { companyId, to: 'trial' }), 'not_suspended');
  });

  it('of two suspensions at once, one is done and audited and the other refused', async () => {
    const { companyId } = await customer();
    const seq = await lastAuditSeq(app);
    const answers = await Promise.all([
      act(consoleCompanies.suspendCompany, { companyId }),
      act(consoleCompanies.suspendCompany, { companyId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await companyAuditSince(app, companyId, seq)).map((row) => row.kind)).toEqual([
      'company.suspended',
    ]);
  });

  it('answers 404 for an unknown company', async () => {
    expectNotFound(
      await act(consoleCompanies.suspendCompany, unknownCompany()),
      CONSOLE_MESSAGES.companyNotFound,
    );
    expectNotFound(
      await act(consoleCompanies.reinstateCompany, { ...unknownCompany(), to: 'trial' }),
      CONSOLE_MESSAGES.companyNotFound,
    );
  });
});

describe("end a token's review", () => {
  it('a token under review becomes active, once', async () => {
    const { user, companyId } = await customer();
    await app.companyAccount.approveUpgrade(companyId, STANDARD_PLAN, OPERATOR_CONTEXT);
    // A paid company's new token waits for review (design §3).
    const { clientId, clientSecret } = await createdClient(app, user.token, { label: 'Odds feed' });
    const review = (await clientsOf(app, user.token)).find((client) => client.id === clientId);
    expect(review).toMatchObject({ status: 'review', inReview: true });
    const seq = await lastAuditSeq(app);

    await expectDone(
      await act(consoleCompanies.endTokenReview, { clientId }),
      CONSOLE_MESSAGES.reviewEnded('Odds feed'),
    );
    const active = (await clientsOf(app, user.token)).find((client) => client.id === clientId);
    expect(active).toMatchObject({ status: 'active', inReview: false });
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
    const [row] = await expectStaffAudit(user, companyId, seq, admin, ['credential.status_changed']);
    expect(row?.detail).toEqual({ clientId, from: 'review', to: 'active' });

    expectProblem(await act(consoleCompanies.endTokenReview, { clientId }), 'not_under_review');
  });

  it('answers 404 for a client ID no token has', async () => {
    const clientId = `${CLIENT_ID_PREFIX}${'Z'.repeat(CLIENT_ID_BODY_LENGTH)}`;
    expectNotFound(await act(consoleCompanies.endTokenReview, { clientId }), CONSOLE_MESSAGES.tokenNotFound);
  });
});

describe('the operator commands share these actions', () => {
  it('audit them with the operator as actor', async () => {
    const { companyId } = await customer();
    const seq = await lastAuditSeq(app);
    expect(await app.companyAccount.extendTrial(companyId, 2, OPERATOR_CONTEXT)).toMatchObject({ ok: true });
    expect(await app.companyAccount.suspendCompany(companyId, OPERATOR_CONTEXT)).toMatchObject({ ok: true });
    expect(await app.companyAccount.suspendCompany(companyId, OPERATOR_CONTEXT)).toMatchObject({
      ok: false,
      problem: 'already_suspended',
    });
    const rows = await companyAuditSince(app, companyId, seq);
    expect(rows.map(({ kind, actorKind, actorEmail }) => ({ kind, actorKind, actorEmail }))).toEqual([
      { kind: 'trial.extended', actorKind: 'operator', actorEmail: null },
      { kind: 'company.suspended', actorKind: 'operator', actorEmail: null },
    ]);
  });
});
