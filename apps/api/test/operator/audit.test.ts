// `npm run operator -- audit`: the provider team reads any company's trail, or all of it.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_COLUMNS } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';
import { parseCsv } from '../../src/lib/csv.ts';
import { USAGE, isValidCommand, runOperatorCommand } from '../../src/operator/commands.ts';
import { companyIdOf } from '../helpers/audit.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { bearer, callTo, login } from '../helpers/factories.ts';
import { createdClient, verifiedUser } from '../helpers/tokens.ts';

const clock = testClock(new Date('2026-06-01T08:00:00Z'));
const app = await buildTestApp({ clock });
const audit = (...args: string[]) => runOperatorCommand(app, { command: 'audit', args });

const alpha = await verifiedUser(app);
const alphaId = await companyIdOf(app, alpha.registration.email);
clock.set(new Date('2026-06-02T08:00:00Z'));
expect((await login(app, alpha.registration.email, alpha.registration.password)).statusCode).toBe(200);
const signedIn = await login(app, alpha.registration.email, alpha.registration.password);
const alphaToken = signedIn.json<{ token: string }>().token;
const { clientId } = await createdClient(app, alphaToken, { label: 'Operator view' });
const beta = await verifiedUser(app);
await app.inject({ ...callTo(account.upgradeAccount), headers: bearer(beta.token), payload: {} });
await app.verifierKeys.create('Audit feed');

describe('operator audit', () => {
  it("prints one company's events newest first, by id, email or name", async () => {
    const result = await audit('--company', alphaId);
    expect(result.ok).toBe(true);
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Audit events: 4 of 4, newest first');
    expect(lines[1]).toContain('credential.created');
    expect(lines[1]).toContain(clientId);
    expect(lines[1]).toContain(`company ${alphaId}`);
    expect(lines[4]).toContain('2026-06-01T08:00:00.000Z  email.verified');
    expect(result.output).not.toContain(beta.registration.email.toLowerCase());
    expect((await audit('--company', alpha.registration.email)).output).toBe(result.output);
    expect(await audit('--company', 'No Such Company Ltd')).toEqual({
      ok: false,
      output: 'No company found for No Such Company Ltd.',
    });
    // Every test company is named alike: a name shared by several asks for the id.
    expect((await audit('--company', alpha.registration.companyName)).output).toMatch(/companies are named/);
  });

  it('without --company reads every event, those of no company too; filters by kind, day and count', async () => {
    const all = await audit();
    expect(all.output).toContain('verifier_key.created');
    expect(all.output).toContain('company -');
    expect(all.output).toContain('upgrade.requested');
    const signIns = await audit('--kind', 'sign_in.succeeded', '--company', alphaId);
    expect(signIns.output.split('\n')).toHaveLength(3);
    const since = await audit('--since', '2026-06-02', '--company', alphaId);
    expect(since.output).not.toContain('email.verified');
    expect(since.output.split('\n')[0]).toBe('Audit events: 3 of 3, newest first');
    expect((await audit('--limit', '1')).output.split('\n')).toHaveLength(2);
  });

  it('--csv prints the export columns and the company', async () => {
    const result = await audit('--company', alphaId, '--csv');
    const [header, ...rows] = parseCsv(result.output);
    expect(header).toEqual([...ACTIVITY_CSV_COLUMNS, 'company_id']);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.[1]).toBe('API token created');
    expect(rows.every((row) => row[ACTIVITY_CSV_COLUMNS.length] === alphaId)).toBe(true);
  });

  it('refuses bad flags with a message, and unknown ones with the usage', async () => {
    expect(await audit('--kind', 'nope')).toMatchObject({
      ok: false,
      output: expect.stringMatching(/^Unknown kind "nope"/),
    });
    expect((await audit('--since', 'yesterday')).output).toMatch(/YYYY-MM-DD/);
    expect((await audit('--limit', '0')).ok).toBe(false);
    expect(isValidCommand('audit', ['--bogus'])).toBe(false);
    expect(isValidCommand('audit', ['--kind'])).toBe(false);
    expect(isValidCommand('audit', ['--csv', '--csv'])).toBe(false);
    expect(isValidCommand('audit', ['--csv', '--limit', '5'])).toBe(true);
    expect(USAGE).toContain('audit [--company <id | email | name>]');
  });
});
