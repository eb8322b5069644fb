// Operator commands for the provider team, against the same environment and database as the server
// (run from the repository root): `npm run operator -- <command>`; `npm run operator` lists them.
// With the embedded database and the server running, the command is handed to the server (one
// process may open PGlite); otherwise the CLI opens the database itself.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EnvError, linkBaseProblem, loadEnv, type Env } from './config/env.ts';
import { operatorSocketPath, socketIsLive } from './config/operator-socket-path.ts';
import { askServer } from './operator/ask-server.ts';
import {
  USAGE,
  isValidCommand,
  mayEmailLink,
  runOperatorCommand,
  type OperatorRequest,
} from './operator/commands.ts';
import type { ActionResult } from './operator/provider-team.ts';

async function runHere(env: Env, request: OperatorRequest): Promise<ActionResult> {
  // The server's own assembly gives the CLI the same database, mailer and services.
  // The running servers sweep expiries and send reminders; a command's short life need not.
  // It never changes the schema: a database behind this code is refused (run `npm run db:migrate`).
  // Loaded here only: help, a refused command and a command handed to the server never need the server's
  // modules (Fastify, the database drivers, argon2…), which were most of the CLI's start-up.
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({
    env: { ...env, LOG_LEVEL: 'warn' },
    serveWebApp: false,
    expirySweepMs: 0,
    trialRemindersMs: 0,
    // The trial plan follows the servers' environment, not this shell's.
    syncTrialPlan: false,
    migrations: 'require-current',
  });
  try {
    await app.ready();
    return await runOperatorCommand(app, request);
  } finally {
    await app.close();
  }
}

/** No command, `help`, `--help` or `-h`: the operator asked for the list, which is a success. */
const HELP_REQUESTS = new Set([undefined, 'help', '--help', '-h']);

async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (HELP_REQUESTS.has(command) && args.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!isValidCommand(command, args) || command === undefined) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  // Refused before anything is written, so no email goes out with a link to nowhere.
  const problem = mayEmailLink(command, args) ? linkBaseProblem() : undefined;
  if (problem) throw new EnvError([problem]);
  const request: OperatorRequest = { command, args };
  if (command === 'import-identities') {
    // npm runs this script inside apps/api; a relative path means the folder the operator typed it in.
    request.input = await readFile(path.resolve(env.INIT_CWD ?? process.cwd(), args[0] ?? ''), 'utf8');
  }
  const socket = operatorSocketPath(env);
  const result =
    socket && (await socketIsLive(socket)) ? await askServer(socket, request) : await runHere(env, request);
  (result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
  return result.ok ? 0 : 1;
}

function isMissingFile(error: unknown): error is NodeJS.ErrnoException & { path: string } {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // By name: the class lives with the database drivers, loaded only for a command run here.
    if (error instanceof EnvError || (error instanceof Error && error.name === 'DatabaseNotMigratedError'))
      console.error(error.message);
    else if (isMissingFile(error)) console.error(`Cannot read ${error.path}: no such file`);
    else console.error(error);
    process.exit(1);
  },
);
