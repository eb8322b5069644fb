import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { auth, users } from '@datafeeds/domain/calls';
import { importIdentities } from '../../src/operator/import-identities.ts';
import { ARGON2_OPTIONS } from '../../src/plugins/app/users/password-hasher.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { runCompiledCommand } from '../helpers/compiled-build.ts';
import {
  bearer,
  callTo,
  getUser,
  latestEmail,
  linkParam,
  login,
  registerUser,
} from '../helpers/factories.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const app = await buildTestApp();
const run = (csv: string) => importIdentities(csv, { db: app.db, users: app.users, recovery: app.recovery });
const unique = () => Math.random().toString(36).slice(2, 10);

describe('importing sister-product identities', () => {
  it('import → login → GetUser 404 → CreateUser → GetUser 200', async () => {
    const id = unique();
    // An older-parameter argon2id hash, as the sister product may have stored it.
    const passwordHash = await hash('sister-password', { ...ARGON2_OPTIONS, memoryCost: 8192, timeCost: 3 });
    const summary = await run(
      `email,username,passwordHash\nSister.${id}@Example.com,sister_${id},"${passwordHash}"\n`,
    );
    expect(summary).toEqual({
      imported: [{ line: 2, email: `sister.${id}@example.com`, resetEmail: 'not needed' }],
      skipped: [],
    });

    const signedIn = await login(app, `sister.${id}@example.com`, 'sister-password');
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    const missing = await getUser(app, token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ERROR_CODES.profileNotFound);

    const created = await app.inject({
      ...callTo(users.createUser),
      headers: bearer(token),
      payload: { firstName: 'Sis', lastName: 'Ter', companyName: 'Sister Co', phone: '5550001111' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      firstName: 'Sis',
      companyName: 'Sister Co',
      companyAccountStatus: 'trial',
    });
    expect((await getUser(app, token)).json()).toMatchObject({
      email: `sister.${id}@example.com`,
      username: `sister_${id}`,
    });
    // The login upgraded the imported hash to the current parameters; the password still works.
    expect((await login(app, `sister.${id}@example.com`, 'sister-password')).statusCode).toBe(200);
  });

  it('sends a one-time reset email when the hash is empty; the link sets the first password', async () => {
    const id = unique();
    const summary = await run(`email,username,passwordHash\r\n"nohash.${id}@example.com",nohash_${id},\r\n`);
    expect(summary.imported).toEqual([{ line: 2, email: `nohash.${id}@example.com`, resetEmail: 'sent' }]);
    expect((await login(app, `nohash.${id}@example.com`, '')).statusCode).toBe(400);
    const message = await latestEmail(
      app,
      `nohash.${id}@example.com`,
      /Choose your DataFeeds portal password/,
    );
    const resetToken = linkParam(message, 'resetToken');
    const reset = await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken, password: 'first-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(app, `nohash.${id}@example.com`, 'first-password')).statusCode).toBe(200);
  });

  it('skips duplicates and invalid rows with a reason', async () => {
    const { registration } = await registerUser(app);
    const id = unique();
    const csv = [
      'username,email,passwordHash',
      `other_${id},${registration.email.toUpperCase()},`,
      `${registration.username.toUpperCase()},new.${id}@example.com,`,
      `fine_${id},fine.${id}@example.com,`,
      `again_${id},fine.${id}@example.com,`,
      `bad_${id},not-an-email,`,
      `abc,short.${id}@example.com,`,
      `hash_${id},hash.${id}@example.com,plaintext-password`,
    ].join('\n');
    const summary = await run(csv);
    expect(summary.imported.map((row) => row.email)).toEqual([`fine.${id}@example.com`]);
    expect(summary.skipped.map(({ line, reason }) => [line, reason])).toEqual([
      [2, 'duplicate: email already registered'],
      [3, 'duplicate: username already registered'],
      [5, 'duplicate: email already registered'],
      [6, 'Email must be a valid email'],
      [7, 'Username length must be at least 4 characters long'],
      [8, 'passwordHash is not an argon2 encoded hash'],
    ]);
  });

  it('refuses a file without the expected header', async () => {
    await expect(run('mail,user\nx@example.com,someone\n')).rejects.toThrow(
      /missing email, username, passwordHash/,
    );
  });
});

describe.runIf(testDatabaseKind === 'pglite')('the operator command', () => {
  it('imports a CSV file into the configured database and prints a summary', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-operator-'));
    const file = path.join(dir, 'identities.csv');
    const passwordHash = await hash('operator-password', ARGON2_OPTIONS);
    writeFileSync(
      file,
      `email,username,passwordHash\nop@example.com,operator1,\nop@example.com,operator2,\nhashed@example.com,operator3,${passwordHash}\n`,
    );
    // The release step first: the CLI never migrates.
    await runCompiledCommand('migrate.js', { DATA_DIR: dir });
    const { stdout } = await runCompiledCommand('operator.js', { DATA_DIR: dir }, 'import-identities', file);
    expect(stdout).toContain('Imported 2 identities:');
    expect(stdout).toContain('line 4: hashed@example.com\n');
    expect(stdout).toContain('line 2: op@example.com (reset email sent)');
    expect(stdout).toContain('Skipped 1:');
    expect(stdout).toContain('line 3: op@example.com: duplicate: email already registered');
  }, 60_000);
});
