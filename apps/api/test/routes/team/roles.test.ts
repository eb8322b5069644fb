// The role matrix (design §9): every company call, made by the owner, an admin and a member of
// one company, gets its success answer when ROLE_POLICY allows that role and 403 with ROLE_REFUSALS'
// sentence otherwise. The expectations come from the policy table, so a change to it changes this test.
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_ROLES,
  ERROR_CODES,
  ROLE_POLICY,
  ROLE_REFUSALS,
  TEAM_ACTIONS,
  type CompanyRole,
  type TeamAction,
} from '@datafeeds/domain';
import { account, activity, team, tokens, users, type CallDefinition } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { bearer, callTo, uniqueRegistration } from '../../helpers/factories.ts';
import {
  createClient,
  createdClient,
  deleteClient,
  listClients,
  rotateClient,
} from '../../helpers/tokens.ts';
import {
  companyOfThree,
  invite,
  invitedMember,
  teamCall,
  type Company,
  type Member,
} from '../../helpers/team.ts';

const app = await buildTestApp();

interface MatrixCall {
  name: string;
  /** The policy's action, or null for what every member may (reading the company's data). */
  action: TeamAction | null;
  success: number;
  /** Makes the call as `actor`, after preparing what it needs as the owner (a token, an invitation). */
  run(company: Company, actor: Member): Promise<LightMyRequestResponse>;
}

const get = (token: string, call: CallDefinition, query: Record<string, string> = {}) =>
  app.inject({ ...callTo(call), headers: bearer(token), query });

async function pendingInvitation(company: Company): Promise<string> {
  const response = await invite(app, company.owner.token, uniqueRegistration().email);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const CALLS: MatrixCall[] = [
  { name: 'GetClients', action: null, success: 200, run: (_c, actor) => listClients(app, actor.token) },
  {
    name: 'GetClientUsage',
    action: null,
    success: 200,
    run: async (company, actor) => {
      const { clientId } = await createdClient(app, company.owner.token);
      return get(actor.token, tokens.getClientUsage, { clientId });
    },
  },
  {
    name: 'GetActivity',
    action: null,
    success: 200,
    run: (_c, actor) => get(actor.token, activity.getActivity),
  },
  {
    name: 'ExportActivity',
    action: null,
    success: 200,
    run: (_c, actor) => get(actor.token, activity.exportActivity),
  },
  { name: 'GetTeam', action: null, success: 200, run: (_c, actor) => get(actor.token, team.getTeam) },
  { name: 'GetQuota', action: null, success: 200, run: (_c, actor) => get(actor.token, account.getQuota) },
  {
    name: 'CreateClient',
    action: 'createToken',
    success: 201,
    run: (_c, actor) => createClient(app, actor.token),
  },
  {
    name: 'RotateClient',
    action: 'rotateToken',
    success: 200,
    run: async (company, actor) =>
      rotateClient(app, actor.token, (await createdClient(app, company.owner.token)).clientId),
  },
  {
    name: 'SetTokenCap',
    action: 'rotateToken',
    success: 200,
    run: async (company, actor) =>
      teamCall(app, actor.token, tokens.setTokenCap, {
        clientId: (await createdClient(app, company.owner.token)).clientId,
        dailyCap: 100,
      }),
  },
  {
    name: 'DeleteClient',
    action: 'deleteToken',
    success: 204,
    run: async (company, actor) =>
      deleteClient(app, actor.token, (await createdClient(app, company.owner.token)).clientId),
  },
  {
    name: 'UpgradeAccount',
    action: 'requestUpgrade',
    success: 200,
    run: (_c, actor) => teamCall(app, actor.token, account.upgradeAccount, {}),
  },
  {
    name: 'UpdateUser (company name)',
    action: 'renameCompany',
    success: 200,
    run: (_c, actor) =>
      app.inject({
        ...callTo(users.updateUser),
        headers: bearer(actor.token),
        payload: { companyName: `Renamed ${randomBytes(4).toString('hex')}` },
      }),
  },
  {
    name: 'InviteMember',
    action: 'manageTeam',
    success: 201,
    run: (_c, actor) => invite(app, actor.token, uniqueRegistration().email, 'admin'),
  },
  {
    name: 'ResendInvitation',
    action: 'manageTeam',
    success: 200,
    run: async (company, actor) =>
      teamCall(app, actor.token, team.resendInvitation, {
        invitationId: await pendingInvitation(company),
      }),
  },
  {
    name: 'RevokeInvitation',
    action: 'manageTeam',
    success: 204,
    run: async (company, actor) =>
      teamCall(app, actor.token, team.revokeInvitation, {
        invitationId: await pendingInvitation(company),
      }),
  },
  {
    name: 'ChangeMemberRole',
    action: 'manageTeam',
    success: 200,
    run: async (company, actor) => {
      const target = await invitedMember(app, company.owner.token, 'member');
      return teamCall(app, actor.token, team.changeMemberRole, { memberId: target.id, role: 'admin' });
    },
  },
  {
    name: 'RemoveMember',
    action: 'manageTeam',
    success: 204,
    run: async (company, actor) => {
      const target = await invitedMember(app, company.owner.token, 'member');
      return teamCall(app, actor.token, team.removeMember, { memberId: target.id });
    },
  },
  {
    name: 'TransferOwnership',
    action: 'transferOwnership',
    success: 204,
    run: async (company, actor) => {
      const target = await invitedMember(app, company.owner.token, 'admin');
      return teamCall(app, actor.token, team.transferOwnership, { memberId: target.id });
    },
  },
];

/** The owner acts last: a hand-over it is allowed would change who the owner is. */
const ROLES_IN_ORDER: CompanyRole[] = ['member', 'admin', 'owner'];

describe('the role matrix', () => {
  it('covers every action of the policy table and every role', () => {
    expect(new Set(CALLS.map((call) => call.action).filter((action) => action !== null))).toEqual(
      new Set(TEAM_ACTIONS),
    );
    expect(new Set(ROLES_IN_ORDER)).toEqual(new Set(COMPANY_ROLES));
  });

  it.each(CALLS)(
    '$name: allowed roles succeed, the others get 403 with the policy sentence',
    async (call) => {
      const company = await companyOfThree(app);
      for (const role of ROLES_IN_ORDER) {
        const answer = await call.run(company, company[role]);
        const allowed = call.action === null || ROLE_POLICY[call.action].includes(role);
        if (allowed) {
          expect(answer.statusCode, `${call.name} as ${role}: ${answer.body}`).toBe(call.success);
        } else {
          expect(answer.statusCode, `${call.name} as ${role}: ${answer.body}`).toBe(403);
          expect(answer.json()).toEqual({
            error: ERROR_CODES.forbidden,
            message: ROLE_REFUSALS[call.action as TeamAction],
          });
        }
      }
    },
  );
});
