// The console's staff accounts (design §11 "Staff accounts"), for administrators: listed with their
// state, created with the setup link emailed (never answered), disabled and reset by id through the
// service the `staff` commands call. Each change is audited with the administrator as actor.
import { describe, expect, it } from 'vitest';
import { CONSOLE_REFUSALS, CONSOLE_TOOL_MESSAGES } from '@datafeeds/domain';
import { consoleTools, staffConsole } from '@datafeeds/domain/calls';
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
} from './staff-sessions.ts';

const { clock, app, admin, support } = await appWithStaff();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const staffList = async (token = admin.token) =>
  answerOf(consoleTools.listStaff, await consoleCall(app, consoleTools.listStaff, token)).staff;
const createStaff = (payload: object, token = admin.token) =>
  consoleCall(app, consoleTools.createStaff, token, { payload });
const disable = (id: string, token = admin.token) =>
  consoleCall(app, consoleTools.disableStaff, token, { payload: { id } });
const resetMfa = (id: string, token = admin.token) =>
  consoleCall(app, consoleTools.resetStaffMfa, token, { payload: { id } });
const meWith = (token: string) => consoleCall(app, staffConsole.getStaffMe, token);

const teamRow = (kind: string, detail: object) => staffActionRow(admin, kind, detail);

describe('console staff accounts', () => {
  it('creates a member (201): the setup link is emailed, not answered; listed as setup pending; audited', async () => {
    const email = uniqueStaffEmail();
    const since = await lastAuditSeq(app);
    const response = await createStaff({ email: email.toUpperCase(), role: 'support' });
    const created = answerOf(consoleTools.createStaff, response, 201);
    expect(created).toEqual({ message: CONSOLE_TOOL_MESSAGES.staffCreated(email) });

    const token = linkParam(await latestEmail(app, email, /provider console account/), 'token');
    expect(token).not.toBe('');
    expect(response.body).not.toContain(token);
    expect((await getSetup(app, token)).json()).toMatchObject({ email, role: 'support' });

    const member = (await staffList()).find((each) => each.email === email);
    expect(member).toMatchObject({ role: 'support', state: 'setup_pending' });
    expect(await teamAuditSince(app, since)).toEqual([
      teamRow('staff.created', { staffId: member?.id, email, role: 'support' }),
    ]);

    expectRefusal(await createStaff({ email, role: 'admin' }), 409, CONSOLE_TOOL_MESSAGES.staffExists);
    expectRefusal(await createStaff({ email: 'not-an-email', role: 'admin' }), 400);
    expectRefusal(await createStaff({ email: uniqueStaffEmail(), role: 'owner' }), 400);
  });

  it('lists every member with role and state: active, setup pending, disabled', async () => {
    const disabled = await signedInStaff(app, clock, 'support');
    await disable(disabled.id);
    const listed = await staffList();
    expect(listed.find((each) => each.id === admin.id)).toMatchObject({
      email: admin.email,
      role: 'admin',
      state: 'active',
    });
    expect(listed.find((each) => each.id === disabled.id)?.state).toBe('disabled');
    expect(JSON.stringify(listed)).not.toMatch(/password|secret|totp/i);
  });

  it('disables a member by id: signed out at once, sign-in refused; audited; 409 when done already', async () => {
    const member = await signedInStaff(app, clock, 'support');
    expect((await meWith(member.token)).statusCode).toBe(200);
    const since = await lastAuditSeq(app);

    const disabled = answerOf(consoleTools.disableStaff, await disable(member.id));
    expect(disabled.message).toBe(CONSOLE_TOOL_MESSAGES.staffDisabled(member.email));
    expect((await meWith(member.token)).statusCode).toBe(401);
    clock.advance(30);
    expect((await consoleLogin(app, { ...member, code: await codeAt(app, member.secret) })).statusCode).toBe(
      403,
    );
    expect((await teamAuditSince(app, since)).filter((row) => row.kind === 'staff.disabled')).toEqual([
      teamRow('staff.disabled', { staffId: member.id, email: member.email }),
    ]);

    expectRefusal(await disable(member.id), 409, CONSOLE_TOOL_MESSAGES.staffAlreadyDisabled);
    expectRefusal(await disable(UNKNOWN_ID), 404, CONSOLE_TOOL_MESSAGES.staffNotFound);
    expectRefusal(await disable('not-a-uuid'), 400);
  });

  it("refuses an administrator's disabling of their own account", async () => {
    const since = await lastAuditSeq(app);
    expectRefusal(await disable(admin.id), 409, CONSOLE_TOOL_MESSAGES.notYourself);
    expect((await meWith(admin.token)).statusCode).toBe(200);
    expect(await teamAuditSince(app, since)).toEqual([]);
  });

  it('resets an authenticator by id: sessions end, a new setup link is emailed; audited', async () => {
    const member = await signedInStaff(app, clock, 'support');
    const since = await lastAuditSeq(app);
    const reset = answerOf(consoleTools.resetStaffMfa, await resetMfa(member.id));
    expect(reset.message).toBe(CONSOLE_TOOL_MESSAGES.staffMfaReset(member.email));
    expect((await meWith(member.token)).statusCode).toBe(401);
    const message = await latestEmail(app, member.email, /again/);
    expect((await getSetup(app, linkParam(message, 'token'))).statusCode).toBe(200);
    clock.advance(30);
    expect((await consoleLogin(app, { ...member, code: await codeAt(app, member.secret) })).statusCode).toBe(
      401,
    );
    expect((await teamAuditSince(app, since)).filter((row) => row.kind === 'staff.mfa_reset')).toEqual([
      teamRow('staff.mfa_reset', { staffId: member.id, email: member.email }),
    ]);
    expect((await staffList()).find((each) => each.id === member.id)?.state).toBe('setup_pending');

    expectRefusal(await resetMfa(UNKNOWN_ID), 404, CONSOLE_TOOL_MESSAGES.staffNotFound);
    await disable(member.id);
    expectRefusal(await resetMfa(member.id), 409, CONSOLE_TOOL_MESSAGES.staffDisabledNoReset);
  });

  it('is for administrators only: support is refused every staff call (403)', async () => {
    const member = await signedInStaff(app, clock, 'support');
    const since = await lastAuditSeq(app);
    for (const response of [
      await consoleCall(app, consoleTools.listStaff, support.token),
      await createStaff({ email: uniqueStaffEmail(), role: 'admin' }, support.token),
      await disable(member.id, support.token),
      await resetMfa(member.id, support.token),
    ]) {
      expectRefusal(response, 403, CONSOLE_REFUSALS.manageStaff);
    }
    expect((await meWith(member.token)).statusCode).toBe(200);
    expect(await teamAuditSince(app, since)).toEqual([]);
  });
});
