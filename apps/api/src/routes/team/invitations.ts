// Following an invitation link (design §9): what it offers (no session needed), registering
// through it (answers like POST /api/register), and joining with the account one is signed in with.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  acceptInvitationRequestSchema,
  getInvitationQuerySchema,
  invitationSummarySchema,
  registerWithInvitationSchema,
  removalResponseSchema,
  tokenResponseSchema,
  userSchema,
} from '@datafeeds/domain';
import { authOf, bearerToken } from '../../plugins/app/authentication.ts';
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
    // No session needed; with a valid one the answer also says whether that account can join (`caller`).
    // An invalid one is answered as signed out: the page then asks to sign in, never an error.
    preHandler: async (request) => {
      const token = bearerToken(request);
      request.auth = (token && (await app.sessions.authenticate(token))) || null;
    },
    schema: {
      tags: ['team'],
      operationId: 'GetInvitation',
      summary:
        'What an invitation link offers (with a session: whether that account can join, and why not); ' +
        '404 invitation_invalid, 410 invitation_expired/revoked/used/superseded otherwise',
      security: publicSecurity,
      querystring: getInvitationQuerySchema,
      response: { 200: invitationSummarySchema, ...errorResponses(400, 404, 410, 429) },
    },
    handler: async (request) => app.invitations.summary(request.query.token, request.auth),
  });

  app.get(API_PATHS.getRemoval, {
    onRequest: app.authenticate,
    schema: {
      tags: ['team'],
      operationId: 'GetRemoval',
      summary: 'For a signed-in account without a company: the company it was removed from, by whom, when',
      security: bearerSecurity,
      response: { 200: removalResponseSchema, ...errorResponses(401) },
    },
    handler: async (request) => app.invitations.removal(authOf(request)),
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
