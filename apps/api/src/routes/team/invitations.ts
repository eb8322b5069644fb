// Following an invitation link (design §9, issue 12): what it offers (no session needed), registering
// through it (answers like POST /api/register), and joining with the account one is signed in with.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  acceptInvitationRequestSchema,
  getInvitationQuerySchema,
  invitationSummarySchema,
  registerWithInvitationSchema,
  tokenResponseSchema,
  userSchema,
} from '@datafeeds/domain';
import { authOf } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { bearerSecurity, errorResponses, publicSecurity } from '../schemas.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';

const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = app.env.APP_URL;
  // One counter for looking links up (with or without a session), like the other one-time-link calls.
  const linksLimit = app.rateLimit(namedLimit('invitationLinks', app.rateLimits.invitationLinks));

  app.get(API_PATHS.getInvitation, {
    onRequest: linksLimit,
    schema: {
      tags: ['team'],
      operationId: 'GetInvitation',
      summary:
        'What an invitation link offers; 404 invitation_invalid, 410 invitation_expired/revoked/used otherwise',
      security: publicSecurity,
      querystring: getInvitationQuerySchema,
      response: { 200: invitationSummarySchema, ...errorResponses(400, 404, 410, 429) },
    },
    handler: async (request) => app.invitations.summary(request.query.token),
  });

  app.post(API_PATHS.registerWithInvitation, {
    config: { rateLimit: { max: app.rateLimits.register, timeWindow: '1 minute' } },
    schema: {
      tags: ['team'],
      operationId: 'RegisterWithInvitation',
      summary: "Create an account with the invitation's email in the inviter's company, and sign in",
      security: publicSecurity,
      body: registerWithInvitationSchema,
      response: { 201: tokenResponseSchema, ...errorResponses(400, 404, 409, 410, 429) },
    },
    handler: async (request, reply) => {
      const tokens = await app.invitations.register(request.body, originOf(request));
      setRefreshCookie(reply, tokens.refreshToken, appUrl);
      return reply.code(201).send({ token: tokens.accessToken });
    },
  });

  app.post(API_PATHS.acceptInvitation, {
    onRequest: [app.authenticate, linksLimit],
    schema: {
      tags: ['team'],
      operationId: 'AcceptInvitation',
      summary: 'Join the inviting company with the signed-in account (one without a company)',
      security: bearerSecurity,
      body: acceptInvitationRequestSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
    },
    handler: async (request) => {
      const { token, ...names } = request.body;
      return app.invitations.accept(authOf(request), token, names, originOf(request));
    },
  });
};

export default invitationRoutes;
