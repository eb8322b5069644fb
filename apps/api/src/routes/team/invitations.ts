// Following an invitation link (design §9): what it offers (no session needed), registering
// through it (answers like POST /api/register), and joining with the account one is signed in with.
import type { FastifyPluginAsync } from 'fastify';
import { team } from '@datafeeds/domain/calls';
import { bearerToken } from '../../plugins/app/sessions/index.ts';
import { originOf } from '../../plugins/app/audit/index.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { setRefreshCookie } from '../../lib/session-cookies.ts';
import { registerCall } from '../register-call.ts';

const invitationRoutes: FastifyPluginAsync = async (app) => {
  const appUrl = app.env.APP_URL;
  // One counter for looking links up (with or without a session), like the other one-time-link calls.
  const linksLimit = app.rateLimit(namedLimit('invitationLinks', app.rateLimits.invitationLinks));

  registerCall(
    app,
    team.getInvitation,
    ({ query, request }) => app.invitations.summary(query.token, request.auth),
    {
      onRequest: [linksLimit],
      // With a valid session the answer also says whether that account can join (`caller`). An invalid
      // one is answered as signed out: the page then asks to sign in, never an error.
      preHandler: async (request) => {
        const token = bearerToken(request);
        request.auth = (token && (await app.sessions.authenticate(token))) || null;
      },
    },
  );

  registerCall(app, team.getRemoval, ({ caller }) => app.invitations.removal(caller));

  registerCall(
    app,
    team.registerWithInvitation,
    async ({ body, request, reply }) => {
      const tokens = await app.invitations.register(body, originOf(request));
      setRefreshCookie(reply, tokens.refreshToken, appUrl);
      return { token: tokens.accessToken };
    },
    { config: { rateLimit: { max: app.rateLimits.register, timeWindow: '1 minute' } } },
  );

  registerCall(
    app,
    team.acceptInvitation,
    ({ caller, body, request }) => {
      const { token, ...names } = body;
      return app.invitations.accept(caller, token, names, originOf(request));
    },
    { onRequest: [linksLimit] },
  );
};

export default invitationRoutes;
