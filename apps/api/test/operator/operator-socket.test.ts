// With the embedded database the running server carries out operator commands: the CLI, run beside it,
// must reach the server's database (a second PGlite on the same files would not see the server's data).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { operatorSocketPath } from '../../src/config/operator-socket-path.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { getUser, registerUser } from '../helpers/factories.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const runCli = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../../src/operator/cli.ts'), ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
      cwd: path.resolve(import.meta.dirname, '../..'),
    },
  );

describe.runIf(testDatabaseKind === 'pglite')('operator commands while the server runs', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-socket-'));
  const env = testEnv({ DATA_DIR: dataDir });
  const socket = operatorSocketPath(env) ?? '';
  const serverPromise = buildApp({ env, secrets: TEST_SECRETS, operatorSocket: socket });
  afterAll(async () => (await serverPromise).close());

  it('are handed to the server through its socket', async () => {
    const server = await serverPromise;
    await server.ready();
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

  it('keep a second server off the same embedded database', async () => {
    await (await serverPromise).ready();
    const second = await buildApp({ env, secrets: TEST_SECRETS, operatorSocket: socket }).catch(
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toMatch(/Another server already uses this DATA_DIR/);
  });
});
