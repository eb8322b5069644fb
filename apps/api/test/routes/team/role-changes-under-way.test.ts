// A role change races a change already under way (design §9): the route's guard read the caller's role
// when the request began, and a demotion or a removal may commit before the change does. The change
// commits only if the caller's role still allows it inside its own transaction, with the guard's own
// answer otherwise. Every guarded call is made here by a role it allows, and the caller is demoted (or
// removed) after the guard passed, before the handler runs: the window a concurrent change falls into.
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ROLE_REFUSALS,
  TEAM_ACTIONS,
  type CompanyRole,
  type TeamAction,
} from '@datafeeds/domain';
import { account, team, tokens, users, type CallDefinition } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testDatabaseKind, testDatabaseUrl } from '../../helpers/test-database.ts';
import { bearer, callTo, uniqueRegistration } from '../../helpers/factories.ts';
import { createdClient, rotateClient, tokenRequest } from '../../helpers/tokens.ts';
import { companyOfThree, invite, invitedMember, type Company } from '../../helpers/team.ts';

/** Set on a request: its caller becomes this (or loses its profile) once the route's guard has passed. */
const CHANGE_CALLER = 'x-test-change-caller';

const app = await buildTestApp({
  extend: (instance) =>
    instance.addHook('preHandler', async (request) => {
      const change = request.headers[CHANGE_CALLER];
      if (typeof change !== 'string' || !request.auth) return;
      const { identityId } = request.auth;
      await (change === 'removed'
        ? instance.db.execute(sql`DELETE FROM profiles WHERE identity_id = ${identityId}`)
        : instance.db.execute(sql`UPDATE profiles SET role = ${change} WHERE identity_id = ${identityId}`));
    }),
});

interface GuardedCall {
  name: string;
  action: TeamAction;
  /** Who makes the call (a role the policy allows) and what the caller becomes meanwhile. */
  caller: 'owner' | 'admin' | 'member';
  becomes: CompanyRole | 'removed';
  /** Makes the call with `headers`, after preparing what it needs as the owner. */
  run(company: Company, headers: Record<string, string>): Promise<LightMyRequestResponse>;
}

const post = (token: string, call: CallDefinition, payload: object, headers: Record<string, string>) =>
  app.inject({ ...callTo(call), headers: { ...bearer(token), ...headers }, payload });

async function pendingInvitation(company: Company): Promise<string> {
  const response = await invite(app, company.owner.token, uniqueRegistration().email);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const CALLS: GuardedCall[] = [
  {
    name: 'CreateClient',
    action: 'createToken',
    caller: 'member',
    becomes: 'removed',
    run: (company, headers) =>
      app.inject({
        ...callTo(tokens.createClient),
        headers: { ...bearer(company.member.token), ...headers },
        payload: tokenRequest(),
      }),
  },
  {
    name: 'RotateClient',
    action: 'rotateToken',
    caller: 'admin',
    becomes: 'member',
    run: async (company, headers) =>
      post(
        company.admin.token,
        tokens.rotateClient,
        { clientId: (await createdClient(app, company.owner.token)).clientId },
        headers,
      ),
  },
  {
    name: 'EndRotationGrace',
    action: 'rotateToken',
    caller: 'admin',
    becomes: 'member',
    run: async (company, headers) => {
      const { clientId } = await createdClient(app, company.owner.token);
      const rotated = await rotateClient(app, company.owner.token, clientId, '24h');
      expect(rotated.statusCode, rotated.body).toBe(200);
      const newClientId = rotated.json<{ clientId: string }>().clientId;
      return post(company.admin.token, tokens.endRotationGrace, { clientId: newClientId }, headers);
    },
  },
  {
    name: 'DeleteClient',
    action: 'deleteToken',
    caller: 'admin',
    becomes: 'member',
    run: async (company, headers) =>
      app.inject({
        ...callTo(tokens.deleteClient),
        headers: { ...bearer(company.admin.token), ...headers },
        payload: { clientId: (await createdClient(app, company.owner.token)).clientId },
      }),
  },
  {
    name: 'UpgradeAccount',
    action: 'requestUpgrade',
    caller: 'owner',
    becomes: 'admin',
    run: (company, headers) => post(company.owner.token, account.upgradeAccount, {}, headers),
  },
  {
    name: 'UpdateUser (company name)',
    action: 'renameCompany',
    caller: 'admin',
    becomes: 'member',
    run: (company, headers) =>
      app.inject({
        ...callTo(users.updateUser),
        headers: { ...bearer(company.admin.token), ...headers },
        payload: { companyName: `Renamed ${randomBytes(4).toString('hex')}` },
      }),
  },
  {
    name: 'InviteMember',
    action: 'manageTeam',
    caller: 'admin',
    becomes: 'member',
    run: (company, headers) =>
      post(
        company.admin.token,
        team.inviteMember,
        { email: uniqueRegistration().email, role: 'member' },
        headers,
      ),
  },
  {
    name: 'ResendInvitation',
    action: 'manageTeam',
    caller: 'admin',
    becomes: 'member',
    run: async (company, headers) =>
      post(
        company.admin.token,
        team.resendInvitation,
        { invitationId: await pendingInvitation(company) },
        headers,
      ),
  },
  {
    name: 'RevokeInvitation',
    action: 'manageTeam',
    caller: 'admin',
    becomes: 'member',
    run: async (company, headers) =>
      post(
        company.admin.token,
        team.revokeInvitation,
        { invitationId: await pendingInvitation(company) },
        headers,
      ),
  },
  {
    name: 'ChangeMemberRole',
    action: 'manageTeam',
    caller: 'admin',
    becomes: 'member',
    run: (company, headers) =>
      post(
        company.admin.token,
        team.changeMemberRole,
        { memberId: company.member.id, role: 'admin' },
        headers,
      ),
  },
  {
    name: 'RemoveMember',
    action: 'manageTeam',
    caller: 'admin',
    becomes: 'member',
    run: (company, headers) =>
      post(company.admin.token, team.removeMember, { memberId: company.member.id }, headers),
  },
  {
    name: 'TransferOwnership',
    action: 'transferOwnership',
    caller: 'owner',
    becomes: 'admin',
    run: async (company, headers) => {
      const target = await invitedMember(app, company.owner.token, 'admin');
      return post(company.owner.token, team.transferOwnership, { memberId: target.id }, headers);
    },
  },
];

describe('a change under way when the caller is demoted or removed', () => {
  it('covers every action of the policy table', () => {
    expect(new Set(CALLS.map((call) => call.action))).toEqual(new Set(TEAM_ACTIONS));
  });

  it.each(CALLS)('$name by the $caller, who becomes $becomes meanwhile: refused', async (call) => {
    const company = await companyOfThree(app);
    const answer = await call.run(company, { [CHANGE_CALLER]: call.becomes });
    if (call.becomes === 'removed') {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json<{ error: string }>().error).toBe(ERROR_CODES.profileNotFound);
    } else {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ error: ERROR_CODES.forbidden, message: ROLE_REFUSALS[call.action] });
    }
  });
});

/**
 * On PostgreSQL, with real connections interleaved: an invitation held inside its transaction (its
 * insert waits on another transaction's pending invitation for the same email) while the inviter is
 * demoted. The demotion waits for the invitation to commit, so no invitation commits after it.
 */
describe.runIf(testDatabaseKind === 'postgres')('an invitation under way when its inviter is demoted', () => {
  it('commits before the demotion does, never after it', async () => {
    const { admin } = await companyOfThree(app);
    const email = uniqueRegistration().email;
    const url = await testDatabaseUrl();
    const [blocker, demoter, observer] = [1, 2, 3].map(() => new pg.Client({ connectionString: url }));
    await Promise.all([blocker, demoter, observer].map((client) => client?.connect()));
    try {
      const { rows } = await observer!.query<{ company_id: string }>(
        'SELECT company_id FROM profiles WHERE identity_id = $1',
        [admin.id],
      );
      const companyId = rows[0]?.company_id;
      await blocker?.query('BEGIN');
      await blocker?.query(
        `INSERT INTO invitations (company_id, email, role, token_hash, expires_at)
         VALUES ($1, $2, 'member', $3, now() + interval '1 day')`,
        [companyId, email, randomBytes(16).toString('hex')],
      );
      const events: string[] = [];
      const invited = invite(app, admin.token, email).then((answer) => {
        events.push(`invitation ${answer.statusCode}`);
        return answer;
      });
      // The invitation's insert waits on the blocker's row.
      await expect
        .poll(async () => {
          const { rows } = await observer!.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into "invitations"%'`,
          );
          return rows[0]?.waiting;
        })
        .toBe(1);
      const demoted = demoter!
        .query(`UPDATE profiles SET role = 'member' WHERE identity_id = $1`, [admin.id])
        .then(() => events.push('demotion committed'));
      // The demotion waits on the inviter's row, which the invitation under way holds: it cannot commit
      // before the invitation it would have refused. (Which answer reaches this test first after both
      // commit says nothing: the invitation's answer is built after its commit.)
      await expect
        .poll(async () => {
          const { rows } = await observer!.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'update profiles%'`,
          );
          return rows[0]?.waiting;
        })
        .toBe(1);
      expect(events).toEqual([]);
      await blocker?.query('ROLLBACK');
      const answer = await invited;
      await demoted;
      expect(answer.statusCode, answer.body).toBe(201);
      expect(events).toContain('demotion committed');
    } finally {
      await Promise.all([blocker, demoter, observer].map((client) => client?.end()));
    }
  });
});
