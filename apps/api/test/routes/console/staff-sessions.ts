// Staff sessions for console tests: members created through the service the operator command calls, set
// up through the emailed link, signed in with codes computed for the test's clock; and the app most
// console tests start from, with an administrator and a support member signed in.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { StaffRole } from '@datafeeds/domain';
import { staffConsole } from '@datafeeds/domain/calls';
import { randomBytes } from 'node:crypto';
import { staffMembers } from '../../../src/db/schema.ts';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { CONSOLE_REFRESH_COOKIE } from '../../../src/lib/session-cookies.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { callTo, latestEmail, linkParam, strongPassword } from '../../helpers/factories.ts';

type TestClock = ReturnType<typeof testClock>;

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

/** A console access token for `staff`: the clock moves one TOTP step on, past any code used before. */
export async function consoleToken(
  app: FastifyInstance,
  clock: Pick<TestClock, 'advance'>,
  staff: SetUpStaff,
): Promise<string> {
  clock.advance(30);
  const response = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export interface SignedInStaff extends SetUpStaff {
  id: string;
  token: string;
}

/** A staff member of `role`, set up and signed in. */
export async function signedInStaff(
  app: FastifyInstance,
  clock: Pick<TestClock, 'advance'>,
  role: StaffRole = 'support',
): Promise<SignedInStaff> {
  const staff = await setUpStaff(app, role);
  const token = await consoleToken(app, clock, staff);
  const [row] = await app.db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.email, staff.email));
  if (!row) throw new Error(`no staff member ${staff.email}`);
  return { ...staff, id: row.id, token };
}

/** A test app on `clock` with an administrator and a support member signed in. */
export async function appWithStaff(clock: TestClock = testClock()) {
  const app = await buildTestApp({ clock });
  const admin = await signedInStaff(app, clock, 'admin');
  const support = await signedInStaff(app, clock, 'support');
  return { clock, app, admin, support };
}
