// The console's staff accounts (design §11 "Staff accounts"), for administrators: the same service as
// `staff create|list|disable|reset-mfa`, the console naming members by id. A setup link is emailed,
// never answered; an administrator cannot disable their own account.
import type { FastifyPluginAsync } from 'fastify';
import { CONSOLE_TOOL_MESSAGES } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { conflict, notFound } from '../../lib/errors.ts';
import { registerCall } from '../register-call.ts';
import { staffActionContext } from './staff-action-context.ts';

const staffAccountRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, consoleTools.listStaff, async () => ({
    staff: (await app.staff.list()).map((member) => ({
      id: member.id,
      email: member.email,
      role: member.role,
      state: member.state,
      lockedUntil: member.lockedUntil?.toISOString() ?? null,
      createdAt: member.createdAt.toISOString(),
    })),
  }));

  registerCall(app, consoleTools.createStaff, async ({ body, request }) => {
    const created = await app.staff.create(body.email, body.role, staffActionContext(request));
    if (!created) throw conflict(CONSOLE_TOOL_MESSAGES.staffExists);
    return { message: CONSOLE_TOOL_MESSAGES.staffCreated(created.email) };
  });

  registerCall(app, consoleTools.disableStaff, async ({ body, request }) => {
    const disabled = await app.staff.disable({ id: body.id }, staffActionContext(request));
    if (disabled === 'not_found') throw notFound(CONSOLE_TOOL_MESSAGES.staffNotFound);
    if (disabled === 'yourself') throw conflict(CONSOLE_TOOL_MESSAGES.notYourself);
    if (disabled === 'already_disabled') throw conflict(CONSOLE_TOOL_MESSAGES.staffAlreadyDisabled);
    return { message: CONSOLE_TOOL_MESSAGES.staffDisabled(disabled.email) };
  });

  registerCall(app, consoleTools.resetStaffMfa, async ({ body, request }) => {
    const reset = await app.staff.resetMfa({ id: body.id }, staffActionContext(request));
    if (reset === 'not_found') throw notFound(CONSOLE_TOOL_MESSAGES.staffNotFound);
    if (reset === 'disabled') throw conflict(CONSOLE_TOOL_MESSAGES.staffDisabledNoReset);
    return { message: CONSOLE_TOOL_MESSAGES.staffMfaReset(reset.email) };
  });

  registerCall(app, consoleTools.enableStaff, async ({ body, request }) => {
    const enabled = await app.staff.enable({ id: body.id }, staffActionContext(request));
    if (enabled === 'not_found') throw notFound(CONSOLE_TOOL_MESSAGES.staffNotFound);
    if (enabled === 'not_disabled') throw conflict(CONSOLE_TOOL_MESSAGES.staffNotDisabled);
    return {
      message: enabled.setupLinkSent
        ? CONSOLE_TOOL_MESSAGES.staffEnabledSetUpAgain(enabled.email)
        : CONSOLE_TOOL_MESSAGES.staffEnabled(enabled.email),
    };
  });

  registerCall(app, consoleTools.unlockStaff, async ({ body, request }) => {
    const unlocked = await app.staff.unlock({ id: body.id }, staffActionContext(request));
    if (unlocked === 'not_found') throw notFound(CONSOLE_TOOL_MESSAGES.staffNotFound);
    if (unlocked === 'not_locked') throw conflict(CONSOLE_TOOL_MESSAGES.staffNotLocked);
    return { message: CONSOLE_TOOL_MESSAGES.staffUnlocked(unlocked.email) };
  });
};

export default staffAccountRoutes;
