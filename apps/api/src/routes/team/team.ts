// The Team page's calls (design §9). Every member reads the team; the rest is for those the
// policy table lets manage it (app.allow), and handing ownership over for the owner only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  changeMemberRoleRequestSchema,
  invitationIdRequestSchema,
  inviteMemberRequestSchema,
  memberIdRequestSchema,
  pendingInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from '@datafeeds/domain';
import { memberOf } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const done = z.null().describe('Done');

const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  // One counter for InviteMember and ResendInvitation: each emails an address the caller chose.
  const invitationsLimit = app.rateLimit(namedLimit('invitations', app.rateLimits.invitations));
  const manageTeam = [app.authenticate, app.allow('manageTeam')];

  app.get(API_PATHS.getTeam, {
    onRequest: app.authenticate,
    schema: {
      tags: ['team'],
      operationId: 'GetTeam',
      summary: "The company's members and pending invitations (expired ones included)",
      security: bearerSecurity,
      response: { 200: teamSchema, ...errorResponses(401, 404, 429) },
    },
    handler: async (request) => app.team.get(memberOf(request)),
  });

  app.post(API_PATHS.inviteMember, {
    onRequest: [...manageTeam, invitationsLimit],
    schema: {
      tags: ['team'],
      operationId: 'InviteMember',
      summary: 'Invite a person by email with a role; the link works once, for 7 days',
      security: bearerSecurity,
      body: inviteMemberRequestSchema,
      response: { 201: pendingInvitationSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const invitation = await app.team.invite(memberOf(request), request.body, originOf(request));
      return reply.code(201).send(invitation);
    },
  });

  app.post(API_PATHS.resendInvitation, {
    onRequest: [...manageTeam, invitationsLimit],
    schema: {
      tags: ['team'],
      operationId: 'ResendInvitation',
      summary: 'Email a new link for a pending invitation (7 days again); the old link stops working',
      security: bearerSecurity,
      body: invitationIdRequestSchema,
      response: { 200: pendingInvitationSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request) =>
      app.team.resend(memberOf(request), request.body.invitationId, originOf(request)),
  });

  app.post(API_PATHS.revokeInvitation, {
    onRequest: manageTeam,
    schema: {
      tags: ['team'],
      operationId: 'RevokeInvitation',
      summary: 'Withdraw a pending invitation: its link stops working',
      security: bearerSecurity,
      body: invitationIdRequestSchema,
      response: { 204: done, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      await app.team.revoke(memberOf(request), request.body.invitationId, originOf(request));
      return reply.code(204).send(null);
    },
  });

  app.post(API_PATHS.changeMemberRole, {
    onRequest: manageTeam,
    schema: {
      tags: ['team'],
      operationId: 'ChangeMemberRole',
      summary: "Make a member an admin or an admin a member (the owner's role changes only by a hand-over)",
      security: bearerSecurity,
      body: changeMemberRoleRequestSchema,
      response: { 200: teamMemberSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => app.team.changeRole(memberOf(request), request.body, originOf(request)),
  });

  app.post(API_PATHS.removeMember, {
    onRequest: manageTeam,
    schema: {
      tags: ['team'],
      operationId: 'RemoveMember',
      summary: 'Remove a member: their sessions end at once, their tokens stay with the company',
      security: bearerSecurity,
      body: memberIdRequestSchema,
      response: { 204: done, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      await app.team.remove(memberOf(request), request.body.memberId, originOf(request));
      return reply.code(204).send(null);
    },
  });

  app.post(API_PATHS.transferOwnership, {
    onRequest: [app.authenticate, app.allow('transferOwnership')],
    schema: {
      tags: ['team'],
      operationId: 'TransferOwnership',
      summary: 'Hand ownership to an admin; the owner becomes an admin',
      security: bearerSecurity,
      body: memberIdRequestSchema,
      response: { 204: done, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      await app.team.transferOwnership(memberOf(request), request.body.memberId, originOf(request));
      return reply.code(204).send(null);
    },
  });
};

export default teamRoutes;
