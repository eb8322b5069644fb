// Team test data through the real calls: invitations as the emails carry them, and companies with an
// owner, an admin and a member who each joined through an invitation link.
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AssignableRole, RegisterWithInvitationInput, Team } from '@datafeeds/domain';
import { team, users, type CallDefinition } from '@datafeeds/domain/calls';
import {
  bearer,
  callTo,
  latestEmail,
  linkParam,
  login,
  refreshCookieOf,
  uniqueRegistration,
  type MailboxMessage,
  type SignedIn,
} from './factories.ts';
import { identities } from '../../src/db/schema.ts';
import { importIdentities } from '../../src/operator/import-identities.ts';
import { TEST_ONLY_ARGON2_OPTIONS } from '../../src/plugins/app/users/password-hasher.ts';
import { verifiedUser } from './tokens.ts';

export const INVITATION_SUBJECT = /invited you to/;

/** Makes a call of the team (or account) area as `token`'s person, with its contract's method and path. */
export const teamCall = (app: FastifyInstance, token: string, contract: CallDefinition, payload: object) =>
  app.inject({ ...callTo(contract), headers: bearer(token), payload });

export const invite = (app: FastifyInstance, token: string, email: string, role: AssignableRole = 'member') =>
  teamCall(app, token, team.inviteMember, { email, role });

export async function teamOf(app: FastifyInstance, token: string): Promise<Team> {
  const response = await app.inject({ ...callTo(team.getTeam), headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Team>();
}

/** The token of the newest invitation email to `email` (not one of `seen`). */
export async function invitationLink(
  app: FastifyInstance,
  email: string,
  seen: readonly MailboxMessage[] = [],
): Promise<string> {
  return linkParam(await latestEmail(app, email, INVITATION_SUBJECT, seen), 'token');
}

export const getInvitation = (app: FastifyInstance, token: string) =>
  app.inject({ ...callTo(team.getInvitation), query: { token } });

/** RegisterWithInvitation's body for a new person, with a fresh username and password. */
export function invitedRegistration(
  token: string,
  overrides: Partial<RegisterWithInvitationInput> = {},
): RegisterWithInvitationInput {
  const { firstName, lastName, username, password, phone } = uniqueRegistration();
  return {
    token,
    firstName,
    lastName,
    username,
    password,
    phone,
    userHasAgreedToTermsOfService: true,
    userHasReadPrivacyPolicy: true,
    ...overrides,
  };
}

export const registerWithInvitation = (app: FastifyInstance, body: RegisterWithInvitationInput) =>
  app.inject({ ...callTo(team.registerWithInvitation), payload: body });

export interface Member extends SignedIn {
  id: string;
  email: string;
}

/** A new person invited by `inviterToken` with `role`, registered through the emailed link. */
export async function invitedMember(
  app: FastifyInstance,
  inviterToken: string,
  role: AssignableRole,
  overrides: Partial<RegisterWithInvitationInput> = {},
): Promise<Member> {
  const { email } = uniqueRegistration();
  const invited = await invite(app, inviterToken, email, role);
  expect(invited.statusCode, invited.body).toBe(201);
  const body = invitedRegistration(await invitationLink(app, email), overrides);
  const response = await registerWithInvitation(app, body);
  expect(response.statusCode, response.body).toBe(201);
  const token = response.json<{ token: string }>().token;
  const member = (await teamOf(app, token)).members.find((candidate) => candidate.email === email);
  if (!member) throw new Error(`${email} is not in the team`);
  return {
    id: member.id,
    email,
    token,
    refreshCookie: refreshCookieOf(response),
    registration: { ...uniqueRegistration(), ...body, email },
  };
}

export interface Company {
  owner: Member;
  admin: Member;
  member: Member;
}

/** A verified owner (the registrant) with an admin and a member who joined by invitation. */
export async function companyOfThree(app: FastifyInstance): Promise<Company> {
  const registrant = await verifiedUser(app);
  const ownerRow = (await teamOf(app, registrant.token)).members[0];
  if (!ownerRow) throw new Error('no owner');
  const owner = { ...registrant, id: ownerRow.id, email: ownerRow.email };
  return {
    owner,
    admin: await invitedMember(app, owner.token, 'admin'),
    member: await invitedMember(app, owner.token, 'member'),
  };
}

/** A sister-product identity imported by the operator: it signs in but belongs to no company. */
export async function companylessIdentity(app: FastifyInstance): Promise<Member> {
  const { email, username, password } = uniqueRegistration();
  // The test apps' current parameters (buildTestApp), so signing in does not rehash it.
  const passwordHash = await hash(password, TEST_ONLY_ARGON2_OPTIONS);
  const summary = await importIdentities(
    `email,username,passwordHash\n${email},${username},"${passwordHash}"`,
    {
      db: app.db,
      users: app.users,
      recovery: app.recovery,
    },
  );
  expect(summary.imported).toHaveLength(1);
  return signedInAgain(app, { id: '', email, password, username });
}

/** Signs the person in again (after their sessions ended, say). */
export async function signedInAgain(
  app: FastifyInstance,
  person: { id: string; email: string; password: string; username?: string },
): Promise<Member> {
  const response = await login(app, person.email, person.password);
  expect(response.statusCode, response.body).toBe(200);
  return {
    id: person.id,
    email: person.email,
    token: response.json<{ token: string }>().token,
    refreshCookie: refreshCookieOf(response),
    registration: uniqueRegistration({ email: person.email, password: person.password }),
  };
}

export const acceptInvitation = (app: FastifyInstance, token: string, invitationToken: string) =>
  teamCall(app, token, team.acceptInvitation, { token: invitationToken });

/** The identity id of a person registered in a test (an owner's, whose SignedIn carries none). */
export async function identityIdOf(app: FastifyInstance, user: SignedIn): Promise<string> {
  const [row] = await app.db
    .select({ id: identities.id })
    .from(identities)
    .where(sql`lower(${identities.email}) = lower(${user.registration.email})`);
  if (!row) throw new Error(`no identity for ${user.registration.email}`);
  return row.id;
}

/** An admin or member of `owner`'s company, joined by invitation, with reminders on or off. */
export async function teammate(
  app: FastifyInstance,
  owner: SignedIn,
  role: AssignableRole,
  options: { trialReminders?: boolean; firstName?: string } = {},
): Promise<Member> {
  const person = await invitedMember(
    app,
    owner.token,
    role,
    options.firstName ? { firstName: options.firstName } : {},
  );
  if (options.trialReminders === false) {
    const response = await app.inject({
      ...callTo(users.updateUser),
      headers: bearer(person.token),
      payload: { trialReminders: false },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return person;
}
