// An operator command that emails a link, run against PostgreSQL without APP_URL, is refused before it
// writes anything: its link would point at the operator's own machine (design §11 "Staff accounts").
import { describe, expect, it } from 'vitest';
import { linkBaseProblem } from '../../src/config/env.ts';
import { mayEmailLink } from '../../src/operator/commands.ts';
import { runCompiledCommand } from '../helpers/compiled-build.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
/** A PostgreSQL nobody listens on: a command that got as far as the database would say so instead. */
const postgres = {
  DATABASE_URL: 'postgres://datafeeds@127.0.0.1:1/nothing',
  SESSION_SECRET: SECRET,
  CLIENT_SECRET_HASH_KEY: SECRET,
  APP_URL: '',
};

describe('APP_URL for commands that email a link', () => {
  it('is required with DATABASE_URL only', () => {
    expect(linkBaseProblem({ DATABASE_URL: postgres.DATABASE_URL })).toMatch(/^APP_URL: is required/);
    expect(linkBaseProblem({ DATABASE_URL: postgres.DATABASE_URL, APP_URL: '  ' })).toBeDefined();
    expect(
      linkBaseProblem({ DATABASE_URL: postgres.DATABASE_URL, APP_URL: 'https://portal.example' }),
    ).toBeUndefined();
    expect(linkBaseProblem({})).toBeUndefined();
  });

  it('matters to the commands that may email, not to the ones that read', () => {
    for (const [command, ...args] of [
      ['staff', 'create', 'a@b.test', '--role', 'admin'],
      ['staff', 'reset-mfa', 'a@b.test'],
      ['import-identities', 'people.csv'],
      ['extend-trial', 'a@b.test', '5'],
      ['approve-upgrade', 'a@b.test'],
      ['send-trial-reminders', 'a@b.test'],
    ] as const)
      expect(mayEmailLink(command, args), `${command} ${args.join(' ')}`).toBe(true);
    for (const [command, ...args] of [
      ['staff', 'list'],
      ['staff', 'disable', 'a@b.test'],
      ['audit', '--limit', '5'],
      ['plan', 'list'],
      ['verifier-key', 'list'],
      ['mail-outbox'],
      ['list-reviews'],
    ] as const)
      expect(mayEmailLink(command, args), `${command} ${args.join(' ')}`).toBe(false);
  });

  describe.runIf(testDatabaseKind === 'pglite')('the compiled command', { timeout: 60_000 }, () => {
    it('refuses `staff create` on PostgreSQL without APP_URL, saying why, before reaching the database', async () => {
      const refused = runCompiledCommand(
        'operator.js',
        postgres,
        'staff',
        'create',
        'new.admin@datafeeds.test',
        '--role',
        'admin',
      );
      await expect(refused).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /APP_URL: is required with DATABASE_URL for a command that emails a link/,
        ),
      });
    });

    it('goes on to the database with APP_URL set', async () => {
      const attempted = runCompiledCommand(
        'operator.js',
        { ...postgres, APP_URL: 'https://portal.example' },
        'staff',
        'create',
        'new.admin@datafeeds.test',
        '--role',
        'admin',
      );
      await expect(attempted).rejects.toMatchObject({
        code: 1,
        stderr: expect.not.stringMatching(/APP_URL/),
      });
    });
  });
});
