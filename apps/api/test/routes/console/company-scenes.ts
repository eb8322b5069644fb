// Company scenes for console tests: companies in known states made through the real calls (registration,
// invitation, tokens, the upgrade request) and the services the operator uses.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ClientCredentials } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';
import { companies } from '../../../src/db/schema.ts';
import { companyIdOf } from '../../helpers/audit.ts';
import { bearer, callTo, registerUser, type SignedIn } from '../../helpers/factories.ts';
import { invitedMember, type Member } from '../../helpers/team.ts';
import { createdClient, verifyEmailOf } from '../../helpers/tokens.ts';
import { moveTrialEnd } from '../../helpers/company-state.ts';

export interface TestCompany {
  id: string;
  name: string;
  owner: SignedIn;
  members: Member[];
  /** The tokens' credentials, oldest first (the secret as its creation answered it). */
  clients: ClientCredentials[];
  clientIds: string[];
}

/** A registered company, its owner's email verified, with `tokens` tokens and `members` invited members. */
export async function testCompany(
  app: FastifyInstance,
  name: string,
  options: { tokens?: number; members?: number } = {},
): Promise<TestCompany> {
  const tag = randomBytes(4).toString('hex');
  const owner = await registerUser(app, {
    companyName: name,
    email: `owner.${tag}@${name.toLowerCase().replace(/[^a-z]/g, '')}.example.com`,
  });
  await verifyEmailOf(app, owner);
  const members: Member[] = [];
  for (let index = 0; index < (options.members ?? 0); index += 1) {
    members.push(await invitedMember(app, owner.token, 'member'));
  }
  const clients: ClientCredentials[] = [];
  for (let index = 0; index < (options.tokens ?? 0); index += 1) {
    clients.push(await createdClient(app, owner.token, { label: `${name} token ${index}` }));
  }
  const id = await companyIdOf(app, owner.registration.email);
  return { id, name, owner, members, clients, clientIds: clients.map((client) => client.clientId) };
}

/** The trial moved as the operator's `extend-trial` moves it: the company's expiring tokens follow. */
export async function setTrialEnd(app: FastifyInstance, companyId: string, trialEndsAt: Date) {
  await moveTrialEnd(app, companyId, trialEndsAt);
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
