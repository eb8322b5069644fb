// Ways back for a staff account (design §11 "Staff accounts"): a disabled member enabled again by an
// administrator, a locked one shown "locked until" and unlocked, and the warning before the failed
// sign-in that locks an account. Each change is audited with the administrator as actor.
import { describe, expect, it } from 'vitest';
import { CONSOLE_TOOL_MESSAGES, STAFF_MESSAGES, describeAuditEvent } from '@datafeeds/domain';
import { consoleTools, type CallDefinition } from '@datafeeds/domain/calls';
import { toAuditEvent } from '../../../src/plugins/app/audit/activity.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { latestEmail, linkParam } from '../../helpers/factories.ts';
import { lastAuditSeq, staffActionRow, teamAuditSince } from './console-audit.ts';
import { answerOf, consoleCall, expectRefusal } from './console-calls.ts';
import {
  appWithStaff,
  codeAt,
  consoleLogin,
  getSetup,
  signedInStaff,
  uniqueStaffEmail,
  type SignedInStaff,
} from './staff-sessions.ts';

const { clock, app, admin } = await appWithStaff();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const staffList = async () =>
  answerOf(consoleTools.listStaff, await consoleCall(app, consoleTools.listStaff, admin.token)).staff;
const memberOf = async (id: string) => (await staffList()).find((each) => each.id === id);
const act = (call: CallDefinition, id: string) => consoleCall(app, call, admin.token, { payload: { id } });

/** A wrong code for `staff` now (never the right one). */
async function wrongCode(staff: SignedInStaff) {
  const right = await codeAt(app, staff.secret);
  return right === '000000' ? '111111' : '000000';
}

describe('enabling a disabled member', () => {
  it('lets them sign in again with their password and authenticator; audited', async () => {
    const member = await signedInStaff(app, clock, 'support');
    await act(consoleTools.disableStaff, member.id);
    expect(await memberOf(member.id)).toMatchObject({ state: 'disabled' });
    const since = await lastAuditSeq(app);

    const enabled = answerOf(consoleTools.enableStaff, await act(consoleTools.enableStaff, member.id));
    expect(enabled).toEqual({ message: CONSOLE_TOOL_MESSAGES.staffEnabled(member.email) });
    expect(enabled.message).toBe(`${member.email} can sign in again.`);
    expect(await memberOf(member.id)).toMatchObject({ state: 'active', lockedUntil: null });
    const rows = await teamAuditSince(app, since);
    expect(rows).toEqual([
      staffActionRow(admin, 'staff.enabled', { staffId: member.id, email: member.email }),
    ]);
    expect(describeAuditEvent(toAuditEvent(rows[0]!), String)).toBe(
      `Enabled the console account of ${member.email}`,
    );

    clock.advance(30);
    const again = await consoleLogin(app, { ...member, code: await codeAt(app, member.secret) });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('emails a new setup link to one disabled before finishing the setup', async () => {
    const email = uniqueStaffEmail();
    answerOf(
      consoleTools.createStaff,
      await consoleCall(app, consoleTools.createStaff, admin.token, { payload: { email, role: 'support' } }),
      201,
    );
    const first = linkParam(await latestEmail(app, email, /provider console account/), 'token');
    const id = (await staffList()).find((each) => each.email === email)?.id ?? '';
    await act(consoleTools.disableStaff, id);

    const enabled = answerOf(consoleTools.enableStaff, await act(consoleTools.enableStaff, id));
    expect(enabled.message).toBe(CONSOLE_TOOL_MESSAGES.staffEnabledSetUpAgain(email));
    const second = linkParam(await latestEmail(app, email, /provider console account/), 'token');
    expect(second).not.toBe(first);
    expect((await getSetup(app, second)).statusCode).toBe(200);
    expect((await getSetup(app, first)).statusCode).toBe(410);
    expect(await memberOf(id)).toMatchObject({ state: 'setup_pending' });
  });

  it('refuses a member who is not disabled (409) and an unknown one (404)', async () => {
    const member = await signedInStaff(app, clock, 'support');
    expectRefusal(
      await act(consoleTools.enableStaff, member.id),
      409,
      CONSOLE_TOOL_MESSAGES.staffNotDisabled,
    );
    expectRefusal(await act(consoleTools.enableStaff, UNKNOWN_ID), 404, CONSOLE_TOOL_MESSAGES.staffNotFound);
  });

  it('is the `staff enable` command too', async () => {
    const member = await signedInStaff(app, clock, 'support');
    await act(consoleTools.disableStaff, member.id);
    const result = await runOperatorCommand(app, { command: 'staff', args: ['enable', member.email] });
    expect(result).toEqual({
      ok: true,
      output: `Staff account ${member.email} is enabled: it signs in with its password and authenticator.`,
    });
    expect(await memberOf(member.id)).toMatchObject({ state: 'active' });
  });
});

describe('failed sign-ins', () => {
  it('warn before the attempt that locks the account, and say when one did', async () => {
    const member = await signedInStaff(app, clock, 'support');
    clock.advance(30);
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await consoleLogin(app, { ...member, code: await wrongCode(member) });
      expect(refused.statusCode).toBe(401);
      messages.push(refused.json<{ message: string }>().message);
    }
    expect(messages).toEqual([
      STAFF_MESSAGES.signInRefused,
      STAFF_MESSAGES.signInRefused,
      STAFF_MESSAGES.signInRefused,
      'Email, password or code is not correct. One more failed attempt locks this account for 15 minutes.',
      'Email, password or code is not correct. Too many failed attempts: this account is locked for 15 minutes.',
    ]);
    const locked = await consoleLogin(app, { ...member, code: await codeAt(app, member.secret) });
    expect(locked.statusCode).toBe(429);
  });

  it('show the member as locked until the lockout ends; an administrator unlocks them; audited', async () => {
    const member = await signedInStaff(app, clock, 'support');
    clock.advance(30);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await consoleLogin(app, { ...member, code: await wrongCode(member) });
    }
    const lockedUntil = (await memberOf(member.id))?.lockedUntil;
    expect(lockedUntil).not.toBeNull();
    const minutesLeft = (Date.parse(lockedUntil ?? '') - app.clock.now().getTime()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    expect(await memberOf(member.id)).toMatchObject({ state: 'active' });
    const since = await lastAuditSeq(app);

    const unlocked = answerOf(consoleTools.unlockStaff, await act(consoleTools.unlockStaff, member.id));
    expect(unlocked).toEqual({ message: CONSOLE_TOOL_MESSAGES.staffUnlocked(member.email) });
    expect(await memberOf(member.id)).toMatchObject({ lockedUntil: null });
    expect(await teamAuditSince(app, since)).toEqual([
      staffActionRow(admin, 'staff.unlocked', { staffId: member.id, email: member.email }),
    ]);
    clock.advance(30);
    const signedIn = await consoleLogin(app, { ...member, code: await codeAt(app, member.secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    expectRefusal(await act(consoleTools.unlockStaff, member.id), 409, CONSOLE_TOOL_MESSAGES.staffNotLocked);
    expectRefusal(await act(consoleTools.unlockStaff, UNKNOWN_ID), 404, CONSOLE_TOOL_MESSAGES.staffNotFound);
  });
});
