// Staff accounts for console tests: created through the service the operator command calls, set up
// through the emailed link, with codes computed for the test's clock.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { StaffRole } from '@datafeeds/domain';
import { staffConsole } from '@datafeeds/domain/calls';
import { randomBytes } from 'node:crypto';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { CONSOLE_REFRESH_COOKIE } from '../../../src/routes/console/console-cookie.ts';
import { callTo, latestEmail, linkParam, strongPassword } from '../../helpers/factories.ts';

export const uniqueStaffEmail = () => `staff.${randomBytes(5).toString('hex')}@datafeeds.test`;

/** The code an authenticator app shows at the app's clock time. */
export const codeAt = (app: FastifyInstance, secret: string) =>
  generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });

export async function setupLinkToken(
  app: FastifyInstance,
  email: string,
  subject = /console/,
): Promise<string> {
  return linkParam(await latestEmail(app, email, subject), 'token');
}

export async function getSetup(app: FastifyInstance, token: string) {
  return app.inject(callTo(staffConsole.getStaffSetup, `?token=${encodeURIComponent(token)}`));
}

export async function completeSetup(
  app: FastifyInstance,
  payload: { token: string; password: string; code: string },
) {
  return app.inject({ ...callTo(staffConsole.completeStaffSetup), payload });
}

export interface SetUpStaff {
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** A staff member through the whole setup: created, link read, password and authenticator set. */
export async function setUpStaff(app: FastifyInstance, role: StaffRole = 'support'): Promise<SetUpStaff> {
  const email = uniqueStaffEmail();
  expect(await app.staff.create(email, role, OPERATOR_CONTEXT)).toBeDefined();
  const token = await setupLinkToken(app, email);
  const setup = await getSetup(app, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json<{ totpSecret: string }>().totpSecret;
  const password = strongPassword();
  const completed = await completeSetup(app, { token, password, code: await codeAt(app, secret) });
  expect(completed.statusCode, completed.body).toBe(200);
  return {
    email,
    password,
    secret,
    recoveryCodes: completed.json<{ recoveryCodes: string[] }>().recoveryCodes,
  };
}

export async function consoleLogin(
  app: FastifyInstance,
  payload: { email: string; password: string; code: string },
): Promise<LightMyRequestResponse> {
  return app.inject({ ...callTo(staffConsole.consoleLogin), payload });
}

export function consoleCookieOf(response: LightMyRequestResponse): string {
  return response.cookies.find((cookie) => cookie.name === CONSOLE_REFRESH_COOKIE)?.value ?? '';
}
