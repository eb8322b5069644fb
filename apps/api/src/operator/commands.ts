// The operator commands, run the same way whether the CLI opened the database itself or handed the
// command to the running server (see operator-socket.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createAuditCommand, parseAuditArgs } from './audit-command.ts';
import { importIdentities } from './import-identities.ts';
import { createMailOutboxCommands } from './mail-outbox-commands.ts';
import { createPlanCommands, parseApproveUpgradeArgs, parsePlanArgs } from './plan-commands.ts';
import { createProviderTeam, type ActionResult } from './provider-team.ts';
import { createStaffCommands, parseStaffArgs } from './staff-commands.ts';
import { createTrialReminderCommand, parseTrialReminderArgs } from './trial-reminder-command.ts';
import { createVerifierKeyCommands } from './verifier-key-commands.ts';

export const USAGE = [
  'Usage: npm run operator -- <command>',
  '  import-identities <file.csv>             import sister-product accounts',
  '  approve-upgrade <company id | email> [--plan <name>]',
  '                                           make a company paid on that plan (standard unless',
  '                                           --plan); its tokens stop expiring',
  '  set-token-status <client id> <status>    active, pending, review, expired or inactive',
  '  extend-trial <company id | email> <days> move the trial end (and its tokens) later',
  '  list-reviews                             open upgrade requests and tokens under review',
  '  plan list                                every plan: daily quota, rate, companies on it',
  '  plan create <name> --daily <n | unlimited> --rate <n | unlimited>',
  '                                           a new plan (requests per UTC day, per second)',
  '  plan update <name> [--daily <n | unlimited>] [--rate <n | unlimited>]',
  '                                           change a plan; data feeds apply it within a second',
  '                                           (the trial plan follows TRIAL_DAILY_QUOTA and',
  '                                           TRIAL_RATE_PER_SECOND instead)',
  '  set-plan <company id | email> <plan>     move a company to another plan',
  '  suspend-company <company id | email>     stop every token of the company (the data feed is told)',
  '  reinstate-company <company id | email> [trial | paid]',
  '                                           lift a suspension',
  '  send-trial-reminders <company id | email> [--stage 7|3|1|0]',
  '                                           its due trial reminder now; with --stage, that one',
  '                                           (a preview into the outbox while it is still to come)',
  '  verifier-key create <name>               a key for a data-feed service (printed once)',
  '  verifier-key list                        every verifier key: created, last used, revoked',
  '  verifier-key revoke <id>                 refuse that key from now on',
  '  mail-outbox                              email not delivered yet or given up on (no links shown)',
  '  mail-outbox retry <id>                   send a failed email again',
  '  staff create <email> --role admin|support',
  '                                           a provider console account; its setup link is emailed',
  '  staff list                               every staff account: role, active / setup pending / disabled',
  '  staff disable <email>                    refuse its sign-in and end its sessions',
  '  staff enable <email>                     let a disabled account sign in again',
  '  staff unlock <email>                     forget the failed sign-ins that locked it',
  '  staff reset-mfa <email>                  forget its authenticator; a new setup link is emailed',
  '  audit [--company <id | email | name>] [--kind K] [--since YYYY-MM-DD] [--limit N] [--csv]',
  '                                           the audit log, newest first (50 unless --limit);',
  "                                           every company's, and events of none, unless --company",
].join('\n');

export const operatorRequestSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  /** The CSV text of import-identities: the CLI reads the file where the operator typed the command. */
  input: z.string().optional(),
});
export type OperatorRequest = z.infer<typeof operatorRequestSchema>;

/**
 * Arguments each command takes; `verifier-key` and `mail-outbox retry` are named with their subcommand.
 * Commands with flags or subcommands (`audit`, `send-trial-reminders`, `approve-upgrade`, `plan`, `staff`)
 * have parsers instead.
 */
const ARITY: Record<string, number | readonly [min: number, max: number]> = {
  'import-identities': 1,
  'set-token-status': 2,
  'extend-trial': 2,
  'list-reviews': 0,
  'set-plan': 2,
  'suspend-company': 1,
  // Without a status: back to the one the suspension interrupted (design §11).
  'reinstate-company': [1, 2],
  'verifier-key create': 1,
  'verifier-key list': 0,
  'verifier-key revoke': 1,
  'mail-outbox': 0,
  'mail-outbox retry': 1,
};

function commandName(command: string, args: readonly string[]): { name: string; rest: readonly string[] } {
  // `mail-outbox` alone lists; with arguments its first one is the subcommand.
  const hasSubcommand = command === 'verifier-key' || (command === 'mail-outbox' && args.length > 0);
  return hasSubcommand
    ? { name: `${command} ${args[0] ?? ''}`, rest: args.slice(1) }
    : { name: command, rest: args };
}

export function isValidCommand(command: string | undefined, args: readonly string[]): boolean {
  if (command === undefined) return false;
  // Flags in any order, each at most once: checked by their own parser rather than a count.
  if (command === 'audit') return parseAuditArgs(args) !== undefined;
  if (command === 'send-trial-reminders') return parseTrialReminderArgs(args) !== undefined;
  if (command === 'approve-upgrade') return parseApproveUpgradeArgs(args) !== undefined;
  if (command === 'plan') return parsePlanArgs(args) !== undefined;
  if (command === 'staff') return parseStaffArgs(args) !== undefined;
  const { name, rest } = commandName(command, args);
  const arity = ARITY[name];
  if (arity === undefined) return false;
  const [min, max] = typeof arity === 'number' ? [arity, arity] : arity;
  return rest.length >= min && rest.length <= max;
}

/**
 * Commands that never email: they read, or touch what only the provider team sees (a retried email goes
 * as it was written). Every other command may email a customer or a staff member a link.
 */
const SENDS_NO_LINK = new Set([
  'list-reviews',
  'plan list',
  'verifier-key create',
  'verifier-key list',
  'verifier-key revoke',
  'mail-outbox',
  'mail-outbox retry',
  'audit',
  'staff list',
  'staff disable',
  'staff unlock',
]);

/** Whether a valid command may email a link (which then needs the portal's address, env.ts). */
export function mayEmailLink(command: string, args: readonly string[]): boolean {
  const named =
    command === 'plan' || command === 'staff'
      ? `${command} ${args[0] ?? ''}`
      : commandName(command, args).name;
  return !SENDS_NO_LINK.has(named);
}

async function importFromCsv(app: FastifyInstance, csv: string): Promise<ActionResult> {
  const summary = await importIdentities(csv, { db: app.db, users: app.users, recovery: app.recovery });
  const lines = [
    `Imported ${summary.imported.length} identit${summary.imported.length === 1 ? 'y' : 'ies'}:`,
    ...summary.imported.map(
      (row) =>
        `  line ${row.line}: ${row.email}${row.resetEmail === 'not needed' ? '' : ` (reset email ${row.resetEmail})`}`,
    ),
    `Skipped ${summary.skipped.length}:`,
    ...summary.skipped.map((row) => `  line ${row.line}: ${row.email || '(no email)'}: ${row.reason}`),
  ];
  return { ok: true, output: lines.join('\n') };
}

export async function runOperatorCommand(
  app: FastifyInstance,
  request: OperatorRequest,
): Promise<ActionResult> {
  if (!isValidCommand(request.command, request.args)) return { ok: false, output: USAGE };
  const mailbox = app.mailer.mode === 'outbox' ? `${app.env.APP_URL}/dev/mailbox` : undefined;
  if (request.command === 'audit') {
    const audit = createAuditCommand({ db: app.db, companies: app.companies, auditEvents: app.auditEvents });
    return audit(request.args);
  }
  if (request.command === 'send-trial-reminders') {
    const send = createTrialReminderCommand({
      db: app.db,
      companies: app.companies,
      trialReminders: app.trialReminders,
      mailbox,
    });
    return send(request.args);
  }
  if (request.command === 'staff') {
    const args = parseStaffArgs(request.args);
    if (args) return createStaffCommands(app.staff, mailbox)(args);
  }
  if (request.command === 'plan') {
    const args = parsePlanArgs(request.args);
    if (args) return createPlanCommands(app.plans, app.companyAccount).plan(args);
  }
  const { name, rest } = commandName(request.command, request.args);
  const team = createProviderTeam({
    account: app.companyAccount,
    tokenActions: app.tokenActions,
    companies: app.companies,
    tokens: app.tokensRepository,
  });
  const verifierKeys = createVerifierKeyCommands(app.verifierKeys);
  const mailOutbox = createMailOutboxCommands(app.mailer);
  const [first = '', second = ''] = rest;
  switch (name) {
    case 'import-identities':
      return importFromCsv(app, request.input ?? '');
    case 'approve-upgrade': {
      const { company, plan } = parseApproveUpgradeArgs(rest) ?? { company: first };
      return team.approveUpgrade(company, plan);
    }
    case 'set-plan':
      return createPlanCommands(app.plans, app.companyAccount).setPlan(first, second);
    case 'set-token-status':
      return team.setTokenStatus(first, second);
    case 'extend-trial':
      return team.extendTrial(first, second);
    case 'suspend-company':
      return team.suspendCompany(first);
    case 'reinstate-company':
      return team.reinstateCompany(first, rest[1]);
    case 'verifier-key create':
      return verifierKeys.create(first);
    case 'verifier-key list':
      return verifierKeys.list();
    case 'verifier-key revoke':
      return verifierKeys.revoke(first);
    case 'mail-outbox':
      return mailOutbox.list();
    case 'mail-outbox retry':
      return mailOutbox.retry(first);
    default:
      return team.listReviews();
  }
}
