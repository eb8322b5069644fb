// `staff create|list|disable|enable|unlock|reset-mfa` (design §11 "Staff accounts"): the provider
// console's accounts.
// No setup link is printed: it goes by email only (the development mailbox without SMTP).
import { isValidEmail, STAFF_ROLES, STAFF_SETUP_TTL_SECONDS, type StaffRole } from '@datafeeds/domain';
import { OPERATOR_CONTEXT } from '../plugins/app/audit/index.ts';
import type { StaffService } from '../plugins/app/staff/index.ts';
import type { ActionResult } from './provider-team.ts';

export type StaffArgs =
  | { action: 'create'; email: string; role: StaffRole }
  | { action: 'list' }
  | { action: 'disable' | 'enable' | 'unlock' | 'reset-mfa'; email: string };

const isRole = (value: string | undefined): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** The arguments after `staff`, or undefined when they are not one of its forms. */
export function parseStaffArgs(args: readonly string[]): StaffArgs | undefined {
  const [action, email, ...rest] = args;
  if (action === 'list' && args.length === 1) return { action };
  if (
    (action === 'disable' || action === 'enable' || action === 'unlock' || action === 'reset-mfa') &&
    email !== undefined &&
    rest.length === 0
  ) {
    return { action, email };
  }
  if (
    action === 'create' &&
    email !== undefined &&
    rest.length === 2 &&
    rest[0] === '--role' &&
    isRole(rest[1])
  ) {
    return { action, email, role: rest[1] };
  }
  return undefined;
}

export function createStaffCommands(staff: StaffService, mailbox: string | undefined) {
  const sent = `a setup link was emailed (single use, valid ${STAFF_SETUP_TTL_SECONDS / 3600} hours)${
    mailbox ? `: see ${mailbox}` : ''
  }.`;
  return async function run(args: StaffArgs): Promise<ActionResult> {
    switch (args.action) {
      case 'create': {
        if (!isValidEmail(args.email))
          return { ok: false, output: `"${args.email}" is not an email address.` };
        const created = await staff.create(args.email, args.role, OPERATOR_CONTEXT);
        if (!created) return { ok: false, output: `A staff account for ${args.email} exists already.` };
        return {
          ok: true,
          output: `Staff account ${args.email.toLowerCase()} (${args.role}) created; ${sent}`,
        };
      }
      case 'list': {
        const rows = await staff.list();
        const lines = [`Staff accounts: ${rows.length}`];
        for (const row of rows) {
          const locked = row.lockedUntil ? `, locked until ${row.lockedUntil.toISOString()}` : '';
          const state = `${row.state.replace('_', ' ')}${locked}`;
          lines.push(`  ${row.email}  ${row.role}  ${state}  created ${row.createdAt.toISOString()}`);
        }
        return { ok: true, output: lines.join('\n') };
      }
      case 'disable': {
        const disabled = await staff.disable({ email: args.email }, OPERATOR_CONTEXT);
        return typeof disabled === 'object'
          ? { ok: true, output: `Staff account ${args.email} is disabled; its sessions have ended.` }
          : { ok: false, output: `No enabled staff account for ${args.email}.` };
      }
      case 'enable': {
        const enabled = await staff.enable({ email: args.email }, OPERATOR_CONTEXT);
        if (typeof enabled !== 'object')
          return { ok: false, output: `No disabled staff account for ${args.email}.` };
        return {
          ok: true,
          output: enabled.setupLinkSent
            ? `Staff account ${args.email} is enabled; it was never set up, so ${sent}`
            : `Staff account ${args.email} is enabled: it signs in with its password and authenticator.`,
        };
      }
      case 'unlock': {
        const unlocked = await staff.unlock({ email: args.email }, OPERATOR_CONTEXT);
        return typeof unlocked === 'object'
          ? { ok: true, output: `Staff account ${args.email} is unlocked.` }
          : { ok: false, output: `No locked staff account for ${args.email}.` };
      }
      case 'reset-mfa': {
        const reset = await staff.resetMfa({ email: args.email }, OPERATOR_CONTEXT);
        return typeof reset === 'object'
          ? {
              ok: true,
              output: `The authenticator of ${args.email} is reset and its sessions have ended; ${sent}`,
            }
          : { ok: false, output: `No enabled staff account for ${args.email}.` };
      }
    }
  };
}
