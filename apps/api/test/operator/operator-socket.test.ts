// With the embedded database the running server carries out operator commands: the CLI, run beside it,
// must reach the server's database (a second PGlite on the same files would not see the server's data).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verification } from '@datafeeds/domain/calls';
import { buildApp } from '../../src/app.ts';
import { operatorSocketPath } from '../../src/config/operator-socket-path.ts';
import { USAGE } from '../../src/operator/commands.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { migratedDataDirCopy, runCompiledCommand } from '../helpers/compiled-build.ts';
import { callTo, getUser, registerUser } from '../helpers/factories.ts';
import { lazy } from '../helpers/lazy.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';

const runCliWith = (env: Record<string, string>, ...args: string[]) =>
  runCompiledCommand('operator.js', env, ...args);
const runCli = (dataDir: string, ...args: string[]) => runCliWith({ DATA_DIR: dataDir }, ...args);

describe.runIf(testDatabaseKind === 'pglite')('asking the operator CLI for help', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-help-'));

  it.each(['', '--help', 'help', '-h'])('`operator %s` prints the commands and succeeds', async (arg) => {
    const { stdout } = await runCli(dataDir, ...(arg ? [arg] : []));
    expect(stdout).toContain(USAGE);
  });

  it('an unknown command prints the commands and fails with 2', async () => {
    await expect(runCli(dataDir, 'drop-everything')).rejects.toMatchObject({ code: 2, stderr: `${USAGE}\n` });
  });
});

describe.runIf(testDatabaseKind === 'pglite')('operator commands while the server runs', () => {
  // The server with its operator socket, on a copy of a migrated DATA_DIR (its subject is the socket, not
  // a first start), made by the first test that needs it.
  const running = lazy(async () => {
    const dataDir = migratedDataDirCopy();
    const env = testEnv({ DATA_DIR: dataDir });
    const socket = operatorSocketPath(env) ?? '';
    const server = await buildApp({ env, secrets: TEST_SECRETS, operatorSocket: socket });
    await server.ready();
    return { dataDir, env, socket, server };
  });
  afterAll(async () => (await running()).server.close());

  it('are handed to the server through its socket', async () => {
    const { server, dataDir } = await running();
    const user = await registerUser(server);
    const { stdout } = await runCli(dataDir, 'approve-upgrade', user.registration.email);
    expect(stdout).toMatch(/now has a paid account/);
    expect((await getUser(server, user.token)).json().companyAccountStatus).toBe('paid');

    const failed = runCli(dataDir, 'approve-upgrade', 'nobody@example.com');
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: 'No company found for nobody@example.com.\n',
    });
  }, 60_000);

  it('create a verifier key through the socket that the running server accepts at once', async () => {
    const { server, dataDir } = await running();
    const { stdout } = await runCli(dataDir, 'verifier-key', 'create', 'socket feed');
    const key = /(dfvk_[0-9A-Za-z]{49})/.exec(stdout)?.[1] ?? '';
    expect(key).not.toBe('');
    const answer = await server.inject({
      ...callTo(verification.verifyCredential),
      headers: { authorization: `Bearer ${key}` },
      payload: { secret: 'not a secret' },
    });
    expect(answer.json()).toEqual({ valid: false, code: 'MALFORMED' });
    const listed = await runCli(dataDir, 'verifier-key', 'list');
    expect(listed.stdout).toContain('"socket feed"');
    expect(listed.stdout).not.toContain(key);
  }, 60_000);

  it('keep a second server off the same embedded database', async () => {
    const { env, socket } = await running();
    const second = await buildApp({ env, secrets: TEST_SECRETS, operatorSocket: socket }).catch(
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toMatch(/Another server already uses this DATA_DIR/);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('operator commands on PostgreSQL', () => {
  it('open the database themselves, and a revocation reaches the running server', async () => {
    const url = await testDatabaseUrl();
    const server = await buildApp({
      env: testEnv({ DATABASE_URL: url }),
      secrets: TEST_SECRETS,
      serveWebApp: false,
      expirySweepMs: 0,
    });
    try {
      await server.ready();
      const env = {
        DATABASE_URL: url,
        SESSION_SECRET: TEST_SECRETS.sessionSecret,
        CLIENT_SECRET_HASH_KEY: TEST_SECRETS.clientSecretHashKey,
      };
      const created = await runCliWith(env, 'verifier-key', 'create', 'pg feed');
      const key = /(dfvk_[0-9A-Za-z]{49})/.exec(created.stdout)?.[1] ?? '';
      const id = /\(id ([0-9a-f-]{36})\)/.exec(created.stdout)?.[1] ?? '';
      const call = () =>
        server.inject({
          ...callTo(verification.verifyCredential),
          headers: { authorization: `Bearer ${key}` },
          payload: { secret: 'x' },
        });
      expect((await call()).statusCode).toBe(200);
      await runCliWith(env, 'verifier-key', 'revoke', id);
      // LISTEN/NOTIFY carries the CLI's revocation to the server's cache of keys.
      await expect.poll(async () => (await call()).statusCode, { timeout: 2_000 }).toBe(401);
      expect((await runCliWith(env, 'verifier-key', 'list')).stdout).toMatch(new RegExp(`${id}.*revoked`));
    } finally {
      await server.close();
    }
  }, 60_000);

  it("leave the trial plan as the servers' environment set it, whatever the operator's shell says", async () => {
    const url = await testDatabaseUrl();
    const server = await buildApp({
      env: testEnv({ DATABASE_URL: url, TRIAL_DAILY_QUOTA: '4000' }),
      secrets: TEST_SECRETS,
      serveWebApp: false,
      expirySweepMs: 0,
    });
    try {
      await server.ready();
      const { stdout } = await runCliWith(
        {
          DATABASE_URL: url,
          SESSION_SECRET: TEST_SECRETS.sessionSecret,
          CLIENT_SECRET_HASH_KEY: TEST_SECRETS.clientSecretHashKey,
          TRIAL_DAILY_QUOTA: '5',
        },
        'plan',
        'list',
      );
      expect(stdout).toMatch(/^ {2}trial +4,000 requests a day and 10 a second/m);
    } finally {
      await server.close();
    }
  }, 60_000);
});
