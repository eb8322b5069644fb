// `staff create|list|disable|reset-mfa`: the provider console's accounts from the shell, each audited
// with the operator as actor, the setup link sent by email and never printed.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidCommand, runOperatorCommand, USAGE } from '../../src/operator/commands.ts';
import { auditEvents } from '../../src/db/schema.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { latestEmail, linkParam } from '../helpers/factories.ts';
import {
  codeAt,
  consoleLogin,
  getSetup,
  setUpStaff,
  uniqueStaffEmail,
} from '../routes/console/staff-sessions.ts';

const clock = testClock();
const app = await buildTestApp({ clock });
const operator = (...args: string[]) => runOperatorCommand(app, { command: 'staff', args });

/** The audit rows about a staff account, oldest first. */
async function auditedKinds(email: string) {
  const rows = await app.db
    .select({
      kind: auditEvents.kind,
      actorKind: auditEvents.actorKind,
      companyId: auditEvents.companyId,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .orderBy(asc(auditEvents.seq));
  return rows
    .filter((row) => row.detail.email === email)
    .map(({ kind, actorKind, companyId }) => ({ kind, actorKind, companyId }));
}

describe('operator staff', () => {
  it('accepts exactly its forms', () => {
    expect(isValidCommand('staff', ['create', 'a@b.test', '--role', 'admin'])).toBe(true);
    expect(isValidCommand('staff', ['create', 'a@b.test', '--role', 'support'])).toBe(true);
    expect(isValidCommand('staff', ['create', 'a@b.test', '--role', 'owner'])).toBe(false);
    expect(isValidCommand('staff', ['create', 'a@b.test'])).toBe(false);
    expect(isValidCommand('staff', ['list'])).toBe(true);
    expect(isValidCommand('staff', ['list', 'x'])).toBe(false);
    expect(isValidCommand('staff', ['disable', 'a@b.test'])).toBe(true);
    expect(isValidCommand('staff', ['reset-mfa'])).toBe(false);
    expect(isValidCommand('staff', [])).toBe(false);
    expect(USAGE).toContain('staff create <email> --role admin|support');
  });

  it('creates an account and emails its setup link, printing no link', async () => {
    const email = uniqueStaffEmail();
    const result = await operator('create', email.toUpperCase(), '--role', 'support');
    expect(result.ok).toBe(true);
    expect(result.output).toContain(`Staff account ${email} (support) created`);
    expect(result.output).toContain('/dev/mailbox');
    expect(result.output).not.toMatch(/token=/);

    const message = await latestEmail(app, email, /provider console account/);
    expect(message.text).toContain('48 hours');
    expect((await getSetup(app, linkParam(message, 'token'))).json()).toMatchObject({
      email,
      role: 'support',
    });
    expect(await auditedKinds(email)).toEqual([
      { kind: 'staff.created', actorKind: 'operator', companyId: null },
    ]);

    const again = await operator('create', email, '--role', 'admin');
    expect(again).toEqual({ ok: false, output: `A staff account for ${email} exists already.` });
    expect((await operator('create', 'not-an-email', '--role', 'admin')).ok).toBe(false);
  });

  it('lists accounts with their role and state', async () => {
    const pending = uniqueStaffEmail();
    await operator('create', pending, '--role', 'admin');
    const active = await setUpStaff(app, 'support');
    const listed = await operator('list');
    expect(listed.ok).toBe(true);
    expect(listed.output).toMatch(new RegExp(`${pending}  admin  setup pending`));
    expect(listed.output).toMatch(new RegExp(`${active.email}  support  active`));
  });

  it('disables an account: its sign-in is refused, audited once', async () => {
    const staff = await setUpStaff(app);
    const result = await operator('disable', staff.email);
    expect(result).toEqual({
      ok: true,
      output: `Staff account ${staff.email} is disabled; its sessions have ended.`,
    });
    expect((await operator('disable', staff.email)).ok).toBe(false);
    expect((await operator('list')).output).toMatch(new RegExp(`${staff.email}  support  disabled`));
    clock.advance(30);
    expect((await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).statusCode).toBe(
      403,
    );
    expect((await auditedKinds(staff.email)).map((row) => row.kind)).toEqual([
      'staff.created',
      'staff.disabled',
    ]);
  });

  it('resets an authenticator: a new setup link is emailed and the old code stops working', async () => {
    const staff = await setUpStaff(app);
    const result = await operator('reset-mfa', staff.email);
    expect(result.ok).toBe(true);
    expect(result.output).toContain('a setup link was emailed');
    const message = await latestEmail(app, staff.email, /again/);
    expect((await getSetup(app, linkParam(message, 'token'))).statusCode).toBe(200);
    clock.advance(30);
    expect((await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).statusCode).toBe(
      401,
    );
    expect((await auditedKinds(staff.email)).map((row) => row.kind)).toEqual([
      'staff.created',
      'staff.mfa_reset',
    ]);
    expect((await operator('reset-mfa', uniqueStaffEmail())).ok).toBe(false);
  });
});
