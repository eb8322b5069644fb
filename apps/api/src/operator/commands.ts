// The operator commands, run the same way whether the CLI opened the database itself or handed the
// command to the running server (see operator-socket.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { importIdentities } from './import-identities.ts';
import { createProviderTeam, type ActionResult } from './provider-team.ts';

export const USAGE = [
  'Usage: npm run operator -- <command>',
  '  import-identities <file.csv>             import sister-product accounts',
  '  approve-upgrade <company id | email>     make a company paid; its tokens stop expiring',
  '  set-token-status <client id> <status>    active, pending, review, expired or inactive',
  '  extend-trial <company id | email> <days> move the trial end (and its tokens) later',
  '  list-reviews                             open upgrade requests and tokens under review',
].join('\n');

export const operatorRequestSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  /** The CSV text of import-identities: the CLI reads the file where the operator typed the command. */
  input: z.string().optional(),
});
export type OperatorRequest = z.infer<typeof operatorRequestSchema>;

const ARITY: Record<string, number> = {
  'import-identities': 1,
  'approve-upgrade': 1,
  'set-token-status': 2,
  'extend-trial': 2,
  'list-reviews': 0,
};

export function isValidCommand(command: string | undefined, args: readonly string[]): boolean {
  return command !== undefined && ARITY[command] === args.length;
}

async function importFromCsv(app: FastifyInstance, csv: string): Promise<ActionResult> {
  const summary = await importIdentities(csv, { users: app.users, recovery: app.recovery });
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
  const { command, args } = request;
  if (!isValidCommand(command, args)) return { ok: false, output: USAGE };
  const team = createProviderTeam({
    clock: app.clock,
    companies: app.companies,
    tokens: app.tokensRepository,
    upgrades: app.upgrades,
  });
  const [first = '', second = ''] = args;
  switch (command) {
    case 'import-identities':
      return importFromCsv(app, request.input ?? '');
    case 'approve-upgrade':
      return team.approveUpgrade(first);
    case 'set-token-status':
      return team.setTokenStatus(first, second);
    case 'extend-trial':
      return team.extendTrial(first, second);
    default:
      return team.listReviews();
  }
}
