// Plans as the provider team runs them (design §10): `plan list|create|update`, `set-plan` and
// `approve-upgrade --plan`, through the operator command entry. Each change is audited, and every
// credential whose limits it changes is announced `changed` (`limits_changed`), so the verify answer —
// cached or not — carries the new limits at once.
import { describe, expect, it } from 'vitest';
import { account } from '@datafeeds/domain/calls';
import { randomBytes } from 'node:crypto';
import type { VerifiedCredential } from '@datafeeds/domain';
import type { BusMessage } from '../../src/plugins/app/credentials/credential-bus.ts';
import { runOperatorCommand, USAGE } from '../../src/operator/commands.ts';
import { auditRows, companyIdOf } from '../helpers/audit.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { bearer, callTo, getUser } from '../helpers/factories.ts';
import { createdClient, rotateClient, verifiedUser } from '../helpers/tokens.ts';
import { newVerifierKey, verified } from '../helpers/verification.ts';

const app = await buildTestApp();
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });
const announced: BusMessage[] = [];
app.credentialBus.subscribe((message) => announced.push(message));
const verifierKey = await newVerifierKey(app);

/** A plan name no other test uses. */
const planName = (stem = 'plan') => `${stem}-${randomBytes(3).toString('hex')}`;

/** A company with a token whose VALID answer is cached by the portal; its secret and ids. */
async function companyWithToken() {
  const user = await verifiedUser(app);
  const { clientId, clientSecret } = await createdClient(app, user.token);
  const companyId = await companyIdOf(app, user.registration.email);
  await limitsOf(clientSecret);
  return { user, clientId, clientSecret, companyId };
}

async function limitsOf(secret: string) {
  const answer = await verified(app, verifierKey, { secret });
  expect(answer.code).toBe('VALID');
  return (answer as VerifiedCredential).limits;
}

const limitsChangedFor = (clientId: string, since: number) =>
  announced
    .slice(since)
    .filter(
      (message) =>
        message.type === 'credential' &&
        message.clientId === clientId &&
        message.effect === 'changed' &&
        message.reason === 'limits_changed',
    );

const auditSince = async (seq: number) => (await auditRows(app)).filter((row) => row.seq > seq);
const lastSeq = async () => (await auditRows(app)).at(-1)?.seq ?? 0;

describe('plan list', () => {
  it('lists the built-in plans with their limits, the trial from the environment, and who is on each', async () => {
    await verifiedUser(app);
    const listed = await operator('plan', 'list');
    expect(listed.ok).toBe(true);
    expect(listed.output).toMatch(/^Plans: \d+$/m);
    expect(listed.output).toMatch(
      /^ {2}standard\s+unlimited requests a day and 50 a second {2}\d+ compan(y|ies)$/m,
    );
    expect(listed.output).toMatch(
      /^ {2}trial\s+10,000 requests a day and 10 a second {2}[1-9]\d* compan(y|ies) {2}\(from TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND\)$/m,
    );
  });
});

describe('plan create', () => {
  it('creates a plan, audited, listed with its limits', async () => {
    const name = planName('gold');
    const since = await lastSeq();
    expect(await operator('plan', 'create', name, '--rate', '25', '--daily', '100000')).toEqual({
      ok: true,
      output: `Plan "${name}" created: 100,000 requests a day and 25 a second.`,
    });
    expect((await operator('plan', 'list')).output).toContain(
      `${name}  100,000 requests a day and 25 a second  0 companies`,
    );
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        kind: 'plan.created',
        actorKind: 'operator',
        companyId: null,
        detail: { name, dailyQuota: 100_000, ratePerSecond: 25 },
      }),
    ]);

    const unlimited = planName('wide');
    expect(
      (await operator('plan', 'create', unlimited, '--daily', 'unlimited', '--rate', 'unlimited')).output,
    ).toBe(`Plan "${unlimited}" created: unlimited requests a day and unlimited a second.`);
  });

  it('refuses a taken name, a bad name and bad numbers, saying why, and changes nothing', async () => {
    const since = await lastSeq();
    expect(await operator('plan', 'create', 'standard', '--daily', '5', '--rate', '5')).toEqual({
      ok: false,
      output: 'A plan named "standard" exists already; change it with `plan update`.',
    });
    for (const name of ['Gold', 'g', '9lives', 'gold plan', 'gold_plan', `g${'x'.repeat(40)}`]) {
      const refused = await operator('plan', 'create', name, '--daily', '5', '--rate', '5');
      expect(refused, name).toEqual({
        ok: false,
        output: `A plan's name is 2 to 40 lower-case letters, digits and dashes, starting with a letter; not "${name}".`,
      });
    }
    for (const daily of ['0', '-5', '1.5', 'ten', '1e3', '1000000000001', 'Unlimited']) {
      const refused = await operator('plan', 'create', planName(), '--daily', daily, '--rate', '5');
      expect(refused, daily).toEqual({
        ok: false,
        output: `--daily takes a whole number of requests per UTC day from 1 to 1,000,000,000,000, or "unlimited"; not "${daily}".`,
      });
    }
    expect(await operator('plan', 'create', planName(), '--daily', '5', '--rate', '1000001')).toEqual({
      ok: false,
      output:
        '--rate takes a whole number of requests per second from 1 to 1,000,000, or "unlimited"; not "1000001".',
    });
    expect(await auditSince(since)).toEqual([]);
  });

  it('answers the usage when a flag is missing, unknown or given twice', async () => {
    for (const args of [
      ['create', 'silver', '--daily', '5'],
      ['create', 'silver', '--daily', '5', '--rate'],
      ['create', 'silver', '--daily', '5', '--rate', '5', '--burst', '9'],
      ['create', 'silver', '--daily', '5', '--daily', '6', '--rate', '5'],
      ['create', '--daily', '5', '--rate', '5'],
      ['update', 'silver'],
      ['list', 'all'],
      ['delete', 'silver'],
      [],
    ]) {
      expect(await operator('plan', ...args), args.join(' ')).toEqual({ ok: false, output: USAGE });
    }
  });
});

describe('plan update', () => {
  it("changes a plan's limits, audited, and every credential of its companies hears it at once", async () => {
    const name = planName('team');
    await operator('plan', 'create', name, '--daily', '1000', '--rate', '5');
    const onPlan = await companyWithToken();
    await operator('set-plan', onPlan.companyId, name);
    // A rotation with a grace period leaves two secrets of one token: both are told.
    const rotated = (await rotateClient(app, onPlan.user.token, onPlan.clientId, '1h')).json<{
      clientSecret: string;
      clientId: string;
    }>();
    const elsewhere = await companyWithToken();
    expect(await limitsOf(rotated.clientSecret)).toEqual({
      plan: name,
      dailyQuota: 1000,
      ratePerSecond: 5,
      dailyCap: null,
    });
    const before = announced.length;
    const since = await lastSeq();

    // Only --rate: the quota stays.
    expect(await operator('plan', 'update', name, '--rate', '20')).toEqual({
      ok: true,
      output:
        `Plan "${name}" now allows 1,000 requests a day and 20 a second (was 1,000 requests a day and 5 a second); ` +
        'every data feed applies it within a second (2 credentials told).',
    });
    expect(limitsChangedFor(onPlan.clientId, before)).toHaveLength(1);
    expect(limitsChangedFor(rotated.clientId, before)).toHaveLength(1);
    expect(limitsChangedFor(elsewhere.clientId, before)).toEqual([]);
    // The cached answers were dropped: both secrets verify with the new limits.
    for (const secret of [onPlan.clientSecret, rotated.clientSecret]) {
      expect(await limitsOf(secret)).toEqual({
        plan: name,
        dailyQuota: 1000,
        ratePerSecond: 20,
        dailyCap: null,
      });
    }
    expect((await limitsOf(elsewhere.clientSecret)).plan).toBe('trial');
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        kind: 'plan.updated',
        actorKind: 'operator',
        companyId: null,
        detail: { name, dailyQuota: 1000, ratePerSecond: 20, fromDailyQuota: 1000, fromRatePerSecond: 5 },
      }),
    ]);

    // Only --daily, to unlimited: the rate stays.
    await operator('plan', 'update', name, '--daily', 'unlimited');
    expect(await limitsOf(onPlan.clientSecret)).toEqual({
      plan: name,
      dailyQuota: null,
      ratePerSecond: 20,
      dailyCap: null,
    });
  });

  it('says so when nothing changes, and refuses an unknown plan and bad numbers', async () => {
    const name = planName();
    await operator('plan', 'create', name, '--daily', '1000', '--rate', '5');
    const since = await lastSeq();
    expect(await operator('plan', 'update', name, '--daily', '1000')).toEqual({
      ok: false,
      output: `Plan "${name}" already allows 1,000 requests a day and 5 a second; nothing changed.`,
    });
    expect(await operator('plan', 'update', 'no-such-plan', '--daily', '1000')).toEqual({
      ok: false,
      output: 'No plan named "no-such-plan". See `plan list`.',
    });
    expect((await operator('plan', 'update', name, '--rate', '0')).output).toMatch(
      /^--rate takes a whole number/,
    );
    expect(await auditSince(since)).toEqual([]);
  });

  it('refuses to edit the trial plan, telling where its limits come from', async () => {
    const since = await lastSeq();
    expect(await operator('plan', 'update', 'trial', '--daily', '50')).toEqual({
      ok: false,
      output:
        'The trial plan takes its limits from the environment: set TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND ' +
        'the same on every instance and restart them; each start brings the plan in line and tells the data feeds.',
    });
    expect((await operator('plan', 'list')).output).toMatch(
      /^ {2}trial +10,000 requests a day and 10 a second/m,
    );
    expect(await auditSince(since)).toEqual([]);
  });
});

describe('set-plan', () => {
  it('moves a company by email or id, audited for the company, and tells its credentials only', async () => {
    const name = planName('pro');
    await operator('plan', 'create', name, '--daily', '2000', '--rate', '7');
    const moved = await companyWithToken();
    const other = await companyWithToken();
    const before = announced.length;
    const since = await lastSeq();

    const result = await operator('set-plan', moved.user.registration.email.toUpperCase(), name);
    expect(result).toEqual({
      ok: true,
      output:
        `${moved.user.registration.companyName} (${moved.companyId}) moved from the trial plan to the ${name} plan; ` +
        'every data feed applies it within a second (1 credential told).',
    });
    expect(limitsChangedFor(moved.clientId, before)).toHaveLength(1);
    expect(limitsChangedFor(other.clientId, before)).toEqual([]);
    expect(await limitsOf(moved.clientSecret)).toEqual({
      plan: name,
      dailyQuota: 2000,
      ratePerSecond: 7,
      dailyCap: null,
    });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        kind: 'plan.set',
        actorKind: 'operator',
        companyId: moved.companyId,
        detail: { from: 'trial', to: name },
      }),
    ]);

    expect((await operator('set-plan', moved.companyId, 'trial')).ok).toBe(true);
    expect((await limitsOf(moved.clientSecret)).plan).toBe('trial');
  });

  it('refuses an unknown company or plan, and says when the company is on that plan already', async () => {
    const { user, companyId } = await companyWithToken();
    const since = await lastSeq();
    expect(await operator('set-plan', 'nobody@example.com', 'standard')).toEqual({
      ok: false,
      output: 'No company found for nobody@example.com.',
    });
    expect(await operator('set-plan', user.registration.email, 'platinum')).toEqual({
      ok: false,
      output: 'No plan named "platinum". See `plan list`.',
    });
    expect(await operator('set-plan', companyId, 'trial')).toEqual({
      ok: false,
      output: `${user.registration.companyName} (${companyId}) is on the trial plan already; nothing changed.`,
    });
    expect(await auditSince(since)).toEqual([]);
    expect(await operator('set-plan', companyId)).toEqual({ ok: false, output: USAGE });
  });
});

describe('approve-upgrade --plan', () => {
  it('makes the company paid on the standard plan by default, telling its credentials both changes', async () => {
    const { user, clientId, clientSecret, companyId } = await companyWithToken();
    const before = announced.length;
    const since = await lastSeq();
    const result = await operator('approve-upgrade', user.registration.email);
    expect(result.output).toMatch(
      /now has a paid account on the standard plan \(was trial\); 0 open upgrade requests approved/,
    );
    const reasons = announced
      .slice(before)
      .filter((message) => message.type === 'credential' && message.clientId === clientId)
      .map((message) => message.type === 'credential' && message.reason);
    expect(reasons.sort()).toEqual(['limits_changed', 'upgraded']);
    expect(await limitsOf(clientSecret)).toEqual({
      plan: 'standard',
      dailyQuota: null,
      ratePerSecond: 50,
      dailyCap: null,
    });
    expect(
      (await auditSince(since)).map(({ kind, companyId: of, detail }) => ({ kind, of, detail })),
    ).toEqual([
      { kind: 'upgrade.approved', of: companyId, detail: {} },
      { kind: 'plan.set', of: companyId, detail: { from: 'trial', to: 'standard' } },
    ]);
  });

  it('moves the company to the plan named, in the approval’s transaction', async () => {
    const name = planName('enterprise');
    await operator('plan', 'create', name, '--daily', 'unlimited', '--rate', '500');
    const { user, clientSecret, companyId } = await companyWithToken();
    await app.inject({ ...callTo(account.upgradeAccount), headers: bearer(user.token), payload: {} });
    const result = await operator('approve-upgrade', companyId, '--plan', name);
    expect(result.output).toBe(
      `${user.registration.companyName} (${companyId}) now has a paid account on the ${name} plan (was trial); ` +
        '1 open upgrade request approved. Its tokens no longer expire; expired ones are active again.',
    );
    expect(await limitsOf(clientSecret)).toMatchObject({ plan: name, dailyQuota: null, ratePerSecond: 500 });
    expect((await getUser(app, user.token)).json().companyAccountStatus).toBe('paid');
  });

  it('refuses an unknown plan before anything changes', async () => {
    const { user, companyId } = await companyWithToken();
    await app.inject({ ...callTo(account.upgradeAccount), headers: bearer(user.token), payload: {} });
    const before = announced.length;
    const since = await lastSeq();
    expect(await operator('approve-upgrade', companyId, '--plan', 'platinum')).toEqual({
      ok: false,
      output: 'No plan named "platinum". See `plan list`; nothing was changed.',
    });
    expect((await getUser(app, user.token)).json()).toMatchObject({ companyAccountStatus: 'trial' });
    expect((await getUser(app, user.token)).json().upgradeRequestedAt).not.toBeNull();
    expect(announced.length).toBe(before);
    expect(await auditSince(since)).toEqual([]);
  });

  it('answers the usage for a flag without its value or another flag', async () => {
    for (const args of [
      ['someone@example.com', '--plan'],
      ['someone@example.com', '--tier', 'gold'],
      ['someone@example.com', 'gold'],
      ['--plan', 'gold'],
    ]) {
      expect(await operator('approve-upgrade', ...args), args.join(' ')).toEqual({
        ok: false,
        output: USAGE,
      });
    }
  });
});
