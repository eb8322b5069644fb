// Console read tests' data: a signed-in staff member, and companies in known states made through the
// real calls (registration, invitation, tokens, the upgrade request) and the services the operator uses.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '@datafeeds/domain';
import { account, type CallDefinition } from '@datafeeds/domain/calls';
import { companies, staffMembers } from '../../../src/db/schema.ts';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { companyIdOf } from '../../helpers/audit.ts';
import { bearer, callTo, registerUser, type SignedIn } from '../../helpers/factories.ts';
import { invitedMember, type Member } from '../../helpers/team.ts';
import { createdClient, verifyEmailOf } from '../../helpers/tokens.ts';
import { codeAt, consoleLogin, setUpStaff } from './staff-helpers.ts';

export interface SignedInStaff {
  id: string;
  email: string;
  token: string;
}

/** A staff member through setup and sign-in (the clock moves a TOTP step so the code is a fresh one). */
export async function signedInStaff(
  app: FastifyInstance,
  clock: { advance(seconds: number): void },
  role: StaffRole = 'support',
): Promise<SignedInStaff> {
  const staff = await setUpStaff(app, role);
  clock.advance(30);
  const response = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.email, staff.email));
  if (!row) throw new Error(`no staff member ${staff.email}`);
  return { id: row.id, email: staff.email, token: response.json<{ token: string }>().token };
}

/** A console GET with the staff token; `query` as the browser sends it (text). */
export function consoleGet(
  app: FastifyInstance,
  staff: SignedInStaff,
  call: CallDefinition,
  query: Record<string, string> = {},
) {
  return app.inject({ ...callTo(call), headers: bearer(staff.token), query });
}

export interface TestCompany {
  id: string;
  name: string;
  owner: SignedIn;
  members: Member[];
  clientIds: string[];
}

/** A registered company, its owner's email verified, with `tokens` tokens and `members` invited members. */
export async function testCompany(
  app: FastifyInstance,
  name: string,
  options: { tokens?: number; members?: number } = {},
): Promise<TestCompany> {
  const id = randomBytes(4).toString('hex');
  const owner = await registerUser(app, {
    companyName: name,
    email: `owner.${id}@${name.toLowerCase().replace(/[^a-z]/g, '')}.example.com`,
  });
  await verifyEmailOf(app, owner);
  const members: Member[] = [];
  for (let index = 0; index < (options.members ?? 0); index += 1) {
    members.push(await invitedMember(app, owner.token, 'member'));
  }
  const clientIds: string[] = [];
  for (let index = 0; index < (options.tokens ?? 0); index += 1) {
    clientIds.push((await createdClient(app, owner.token, { label: `${name} token ${index}` })).clientId);
  }
  return { id: await companyIdOf(app, owner.registration.email), name, owner, members, clientIds };
}

/** The trial moved as the operator's `extend-trial` moves it: the company's expiring tokens follow. */
export async function setTrialEnd(app: FastifyInstance, companyId: string, trialEndsAt: Date) {
  await app.credentials.extendTrial(app.db, companyId, trialEndsAt, OPERATOR_CONTEXT.actor);
}

/** A company with no trial end at all (written directly: no service clears one). */
export async function clearTrialEnd(app: FastifyInstance, companyId: string) {
  await app.db.update(companies).set({ trialEndsAt: null }).where(eq(companies.id, companyId));
}

export async function requestUpgrade(app: FastifyInstance, company: TestCompany) {
  const response = await app.inject({
    ...callTo(account.upgradeAccount),
    headers: bearer(company.owner.token),
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}
