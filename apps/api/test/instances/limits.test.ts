// Plan limits across portal instances (design §10 "Allowance leases"): two instances on one PostgreSQL,
// hearing each other through Redis, each admitting from leases of the company's day. Together they never
// admit more than the quota, and none refuses while more than the stated bound of it remains: what the
// other instance holds unspent. So do two data-feed verifiers leasing through them, which admit every
// call themselves. A change of limits announced on one instance lifts a refusal the other holds.
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { dayLeaseSize, type VerifyResult } from '@datafeeds/domain';
import { createVerifier, type Verifier } from '@datafeeds/verifier';
import { eq } from 'drizzle-orm';
import { companyAllowance } from '../../src/db/schema.ts';
import { lazy } from '../helpers/lazy.ts';
import { changePlan, companyIdOf, putOnPlan } from '../helpers/limits.ts';
import { instanceSet, uniqueRedisPrefix, within } from '../helpers/instances.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { createdClient, verifiedUser } from '../helpers/tokens.ts';
import { verified } from '../helpers/verification.ts';

const instances = instanceSet();
const verifiers: Verifier[] = [];
// Verifiers first: their event streams and usage reports go to the instances. fetch still holds a
// connection to each instance on which it sent nothing; the server would wait about 4 s for it to go.
afterAll(async () => {
  await Promise.all(verifiers.splice(0).map((verifier) => verifier.close()));
  await instances.closeAll();
});

async function instance(prefix: string): Promise<FastifyInstance> {
  const app = await instances.start({ prefix, overrides: { usageFlushMs: 0, usageRetentionSweepMs: 0 } });
  expect(app.credentialBus.kind).toBe('redis');
  return app;
}

/**
 * The order in which the instances decided. The usage meter counts each answer in the same synchronous
 * step as its admission (both instances run in this one process), so its calls are that order — exact
 * for answers from units held, within the few answers a lease wakes at once for the others.
 */
function recordDecisions(apps: FastifyInstance[]): string[] {
  const decided: string[] = [];
  for (const app of apps) {
    const meter = app.usageMeter!;
    const count = meter.count.bind(meter);
    meter.count = (clientId, scope, code, atMs, verifierKeyId) => {
      decided.push(code);
      count(clientId, scope, code, atMs, verifierKeyId);
    };
  }
  return decided;
}

/**
 * Calls of this company the instances admitted against its limits themselves. A data-feed verifier asks
 * with `judgeLocally` and admits from its own leases, so the portal must admit none of its calls (design
 * §10): admitted twice, they would spend the quota twice.
 */
function portalAdmissionsOf(apps: FastifyInstance[], companyId: string): { count: number } {
  const admissions = { count: 0 };
  for (const app of apps) {
    const allowance = app.verification.allowance!;
    const admit = allowance.admit.bind(allowance);
    allowance.admit = (credential, nowMs) => {
      if (credential.companyId === companyId) admissions.count += 1;
      return admit(credential, nowMs);
    };
  }
  return admissions;
}

describe.runIf(testDatabaseKind === 'postgres')('plan limits across two instances', () => {
  const prefix = uniqueRedisPrefix();
  const both = lazy(() => Promise.all([instance(prefix), instance(prefix)]));

  it('admits exactly the quota from both at once, refusing only within the bound of its end', async () => {
    const [a, b] = await both();
    const { key } = await a.verifierKeys.create('limits feed');
    const user = await verifiedUser(a);
    const tokens = [
      await createdClient(a, user.token, { label: 'One', sports: ['nfl'] }),
      await createdClient(a, user.token, { label: 'Two', sports: ['nfl'] }),
    ];
    const QUOTA = 1_000;
    const REQUESTS = 4_000;
    const companyId = await companyIdOf(a, tokens[0]!.clientId);
    await putOnPlan(a, companyId, {
      dailyQuota: QUOTA,
      ratePerSecond: null,
    });
    const decided = recordDecisions([a, b]);

    // 64 callers at once, each alternating between the instances and the tokens.
    let sent = 0;
    const answers: VerifyResult[] = [];
    await Promise.all(
      Array.from({ length: 64 }, async (_, caller) => {
        while (sent < REQUESTS) {
          const index = sent++;
          const app = (index + caller) % 2 === 0 ? a : b;
          const { clientSecret } = tokens[index % 2]!;
          answers.push(await verified(app, key, { secret: clientSecret, scope: 'nflLive' }));
        }
      }),
    );

    const admitted = answers.filter((answer) => answer.code === 'VALID').length;
    expect(admitted).toBe(QUOTA);
    expect(answers.filter((answer) => answer.code === 'QUOTA_EXCEEDED')).toHaveLength(REQUESTS - QUOTA);
    expect(decided).toHaveLength(REQUESTS);

    // Each instance holds at most one lease and the one it fetched ahead at half of it: fewer than
    // ⌈size / 2⌉ + size units (design §10); the bound stated is twice a lease per instance.
    const bound = 2 * 2 * dayLeaseSize(QUOTA);
    const firstRefusal = decided.indexOf('QUOTA_EXCEEDED');
    // What remained when the first refusal was given is what was admitted after it (the whole quota was).
    const admittedAfterFirstRefusal = decided.slice(firstRefusal).filter((code) => code === 'VALID').length;
    expect(admittedAfterFirstRefusal).toBeLessThanOrEqual(bound);
    // Nothing granted was left unspent: every unit either instance held was admitted before the end.
    expect(a.verification.allowance!.heldDayUnits + b.verification.allowance!.heldDayUnits).toBe(0);
    const [truth] = await a.db
      .select({ granted: companyAllowance.dayGranted })
      .from(companyAllowance)
      .where(eq(companyAllowance.companyId, companyId));
    expect(truth?.granted).toBe(QUOTA);
  });

  it('admits exactly the quota through a data-feed verifier on each instance, refusing only within the bound of its end', async () => {
    const [a, b] = await both();
    const portalUrls = await Promise.all([a, b].map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
    const { key } = await a.verifierKeys.create('hammered feed');
    const user = await verifiedUser(a);
    const tokens = [
      await createdClient(a, user.token, { label: 'One', sports: ['nfl'] }),
      await createdClient(a, user.token, { label: 'Two', sports: ['nfl'] }),
    ];
    const QUOTA = 2_000;
    const REQUESTS = 8_000;
    const companyId = await companyIdOf(a, tokens[0]!.clientId);
    await putOnPlan(a, companyId, { dailyQuota: QUOTA, ratePerSecond: null });
    const problems: Error[] = [];
    // One data-feed service on each instance, leasing of the truth through it.
    const feeds = await Promise.all(
      portalUrls.map(async (portalUrl) => {
        const verifier = createVerifier({ portalUrl, verifierKey: key, onError: (e) => problems.push(e) });
        verifiers.push(verifier);
        await verifier.ready();
        return verifier;
      }),
    );
    const portalAdmissions = portalAdmissionsOf([a, b], companyId);

    // A busy feed (62 callers back to back) and a quieter one (2 callers pausing 2 ms), each caller
    // alternating between the tokens. Were both busy, every lease would be spent the moment it landed
    // and no node would hold units when another is refused: the bound would never be approached. A
    // caller goes on until REQUESTS were sent and its feed has refused, so no feed is left holding units.
    // The verifiers run in this process, decide synchronously from the units they hold and verify()
    // resolves in the same step, so answers arrive in the order they were decided — exact for answers
    // from units held, within the few a lease (or the portal's answer to a first call) wakes at once.
    let sent = 0;
    const refused = feeds.map(() => false);
    const answers: VerifyResult[] = [];
    async function caller(at: number, first: number, pauseMs: number) {
      for (let round = first; sent < REQUESTS || !refused[at]; round += 1) {
        sent += 1;
        const answer = await feeds[at]!.verify(tokens[round % 2]!.clientSecret, { scope: 'nflLive' });
        answers.push(answer);
        if (answer.code === 'QUOTA_EXCEEDED') refused[at] = true;
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
    await Promise.all([
      ...Array.from({ length: 62 }, (_, index) => caller(0, index, 0)),
      ...Array.from({ length: 2 }, (_, index) => caller(1, index, 2)),
    ]);

    const codes = answers.map((answer) => answer.code);
    const admitted = codes.filter((code) => code === 'VALID').length;
    expect(admitted).toBe(QUOTA);
    expect(codes.filter((code) => code === 'QUOTA_EXCEEDED')).toHaveLength(answers.length - QUOTA);
    // Both verifiers admitted from their caches and their own leases.
    for (const feed of feeds) {
      expect(feed.stats.hits).toBeGreaterThan(0);
      expect(feed.stats.leaseCalls).toBeGreaterThan(0);
    }
    // The instances answered each verifier's first calls but admitted none of them (judgeLocally, design
    // §10): the nodes that admit, and hold units, are the two verifiers.
    expect(portalAdmissions.count).toBe(0);
    const nodes = feeds.length;
    // Each verifier holds at most a lease and the one it fetched ahead at half of it: fewer than
    // ⌈size / 2⌉ + size units (design §10); the bound stated is twice a lease per node.
    const bound = nodes * 2 * dayLeaseSize(QUOTA);
    const firstRefusal = codes.indexOf('QUOTA_EXCEEDED');
    // What remained when the first refusal was given is what was admitted after it (the whole quota was).
    const admittedAfterFirstRefusal = codes.slice(firstRefusal).filter((code) => code === 'VALID').length;
    expect(admittedAfterFirstRefusal).toBeLessThanOrEqual(bound);
    // Nothing granted was left unspent: every unit either verifier held was admitted before the end.
    expect(feeds.map((feed) => feed.stats.heldDayUnits)).toEqual([0, 0]);
    const [truth] = await a.db
      .select({ granted: companyAllowance.dayGranted })
      .from(companyAllowance)
      .where(eq(companyAllowance.companyId, companyId));
    expect(truth?.granted).toBe(QUOTA);
    expect(problems).toEqual([]);
  });

  it('a raised quota announced on A lifts the refusal B holds within a second', async () => {
    const [a, b] = await both();
    const { key } = await a.verifierKeys.create('raised feed');
    const user = await verifiedUser(a);
    const { clientId, clientSecret } = await createdClient(a, user.token, { sports: ['nfl'] });
    const plan = await putOnPlan(a, await companyIdOf(a, clientId), { dailyQuota: 2, ratePerSecond: null });
    const verifyOn = (app: FastifyInstance) => verified(app, key, { secret: clientSecret, scope: 'nflLive' });
    expect((await verifyOn(b)).code).toBe('VALID');
    expect((await verifyOn(b)).code).toBe('VALID');
    expect(await verifyOn(b)).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 2 });

    await changePlan(a, plan, { dailyQuota: 5, ratePerSecond: null });
    const liftedAfter = await within(1_000, async () => (await verifyOn(b)).code === 'VALID');
    expect(liftedAfter).toBeLessThan(1_000);
  });
});
