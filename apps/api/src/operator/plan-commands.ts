// `plan list|create|update` and `set-plan` (design §10): the provider team's plans — a daily quota per UTC
// day and a rate per second, each a number or `unlimited` — and which one a company is on. The trial
// plan's limits are the environment's (TRIAL_DAILY_QUOTA, TRIAL_RATE_PER_SECOND), so `plan update trial`
// is refused with where to set them: an edit here would be undone by the next start.
import {
  MAX_PLAN_DAILY_QUOTA,
  MAX_PLAN_RATE_PER_SECOND,
  TRIAL_PLAN,
  type Plan,
  type PlanLimits,
} from '@datafeeds/domain';
import { OPERATOR_CONTEXT } from '../plugins/app/audit/index.ts';
import type { CompanyAccount } from '../plugins/app/companies/index.ts';
import type { PlansService } from '../plugins/app/plans/index.ts';
import { noCompany, type ActionResult } from './provider-team.ts';

export type PlanArgs =
  | { command: 'list' }
  | { command: 'create'; name: string; daily: string; rate: string }
  | { command: 'update'; name: string; daily?: string; rate?: string };

const LIMIT_FLAGS = ['--daily', '--rate'] as const;
type LimitFlag = (typeof LIMIT_FLAGS)[number];

/** `--daily X --rate Y` in either order, each at most once; undefined for anything else. */
function parseLimitFlags(args: readonly string[]): Partial<Record<LimitFlag, string>> | undefined {
  const values: Partial<Record<LimitFlag, string>> = {};
  for (let index = 0; index < args.length; index += 2) {
    const flag = args[index] as LimitFlag;
    const value = args[index + 1];
    if (!LIMIT_FLAGS.includes(flag) || value === undefined || values[flag] !== undefined) return undefined;
    values[flag] = value;
  }
  return values;
}

/** The words after `plan` as the command takes them, or undefined (the usage is shown). */
export function parsePlanArgs(args: readonly string[]): PlanArgs | undefined {
  const [command, name, ...rest] = args;
  if (command === 'list') return name === undefined ? { command } : undefined;
  if ((command !== 'create' && command !== 'update') || name === undefined || name.startsWith('--')) {
    return undefined;
  }
  const flags = parseLimitFlags(rest);
  if (!flags) return undefined;
  const { '--daily': daily, '--rate': rate } = flags;
  if (command === 'create') {
    return daily === undefined || rate === undefined ? undefined : { command, name, daily, rate };
  }
  if (daily === undefined && rate === undefined) return undefined;
  return {
    command,
    name,
    ...(daily === undefined ? {} : { daily }),
    ...(rate === undefined ? {} : { rate }),
  };
}

/** `approve-upgrade <company> [--plan <name>]`, or undefined. */
export function parseApproveUpgradeArgs(
  args: readonly string[],
): { company: string; plan?: string } | undefined {
  const [company, flag, plan, ...rest] = args;
  if (company === undefined || company.startsWith('--') || rest.length > 0) return undefined;
  if (flag === undefined) return { company };
  return flag === '--plan' && plan !== undefined ? { company, plan } : undefined;
}

const count = (value: number) => value.toLocaleString('en-US');

/** "10,000 requests a day and 10 a second", "unlimited requests a day and 50 a second". */
function describeLimits(limits: PlanLimits): string {
  const daily = limits.dailyQuota === null ? 'unlimited' : count(limits.dailyQuota);
  const rate = limits.ratePerSecond === null ? 'unlimited' : count(limits.ratePerSecond);
  return `${daily} requests a day and ${rate} a second`;
}

/** A limit as typed: a whole number within its bound, or `unlimited` (null); a sentence when neither. */
function parseLimit(text: string, flag: LimitFlag): number | null | { problem: string } {
  if (text === 'unlimited') return null;
  const max = flag === '--daily' ? MAX_PLAN_DAILY_QUOTA : MAX_PLAN_RATE_PER_SECOND;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(value) && value >= 1 && value <= max) return value;
  const unit = flag === '--daily' ? 'requests per UTC day' : 'requests per second';
  return {
    problem: `${flag} takes a whole number of ${unit} from 1 to ${count(max)}, or "unlimited"; not "${text}".`,
  };
}

const sameLimits = (a: PlanLimits, b: PlanLimits) =>
  a.dailyQuota === b.dailyQuota && a.ratePerSecond === b.ratePerSecond;
const failed = (output: string): ActionResult => ({ ok: false, output });
const done = (output: string): ActionResult => ({ ok: true, output });
const told = (tokens: number) =>
  `every data feed applies it within a second (${tokens} credential${tokens === 1 ? '' : 's'} told).`;

const TRIAL_FROM_ENVIRONMENT =
  'The trial plan takes its limits from the environment: set TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND ' +
  'the same on every instance and restart them; each start brings the plan in line and tells the data feeds.';

export function createPlanCommands(plans: PlansService, account: Pick<CompanyAccount, 'changePlan'>) {
  const unknownPlan = (name: string) => failed(`No plan named "${name}". See \`plan list\`.`);

  async function list(): Promise<ActionResult> {
    const rows = await plans.list();
    const width = Math.max(...rows.map((row) => row.name.length));
    const lines = [`Plans: ${rows.length}`];
    for (const row of rows) {
      const companies = `${row.companies} compan${row.companies === 1 ? 'y' : 'ies'}`;
      const source = row.name === TRIAL_PLAN ? '  (from TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND)' : '';
      lines.push(`  ${row.name.padEnd(width)}  ${describeLimits(row)}  ${companies}${source}`);
    }
    return done(lines.join('\n'));
  }

  async function create(plan: Plan): Promise<ActionResult> {
    const created = await plans.create(plan, OPERATOR_CONTEXT);
    if (created === 'bad_name') {
      return failed(
        `A plan's name is 2 to 40 lower-case letters, digits and dashes, starting with a letter; not "${plan.name}".`,
      );
    }
    if (created === 'exists') {
      return failed(`A plan named "${plan.name}" exists already; change it with \`plan update\`.`);
    }
    return done(`Plan "${created.name}" created: ${describeLimits(created)}.`);
  }

  async function update(name: string, limits: Partial<PlanLimits>): Promise<ActionResult> {
    const changed = await plans.update(name, limits, OPERATOR_CONTEXT);
    if (changed === 'trial') return failed(TRIAL_FROM_ENVIRONMENT);
    if (changed === 'not_found') return unknownPlan(name);
    if (sameLimits(changed.from, changed.to)) {
      return failed(`Plan "${name}" already allows ${describeLimits(changed.to)}; nothing changed.`);
    }
    return done(
      `Plan "${name}" now allows ${describeLimits(changed.to)} (was ${describeLimits(changed.from)}); ` +
        told(changed.announced),
    );
  }

  return {
    /** `plan list|create|update`, its limits checked first: a bad number changes nothing. */
    async plan(args: PlanArgs): Promise<ActionResult> {
      if (args.command === 'list') return list();
      const limits: Partial<PlanLimits> = {};
      for (const [flag, text] of [
        ['--daily', args.daily],
        ['--rate', args.rate],
      ] as const) {
        if (text === undefined) continue;
        const value = parseLimit(text, flag);
        if (value !== null && typeof value === 'object') return failed(value.problem);
        limits[flag === '--daily' ? 'dailyQuota' : 'ratePerSecond'] = value;
      }
      if (args.command === 'update') return update(args.name, limits);
      return create({
        name: args.name,
        dailyQuota: limits.dailyQuota ?? null,
        ratePerSecond: limits.ratePerSecond ?? null,
      });
    },

    async setPlan(companyReference: string, planName: string): Promise<ActionResult> {
      const changed = await account.changePlan(companyReference, planName, OPERATOR_CONTEXT);
      if (!changed.ok) {
        if (changed.problem === 'not_found') return noCompany(companyReference);
        if (changed.problem === 'unknown_plan') return unknownPlan(planName);
        const { company } = changed;
        return failed(`${company.name} (${company.id}) is on the ${planName} plan already; nothing changed.`);
      }
      const { company, plan } = changed;
      return done(
        `${company.name} (${company.id}) moved from the ${plan.from} plan to the ${plan.to} plan; ` +
          told(plan.announced),
      );
    },
  };
}
