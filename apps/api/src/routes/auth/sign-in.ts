// Registration, sign-in, sign-out and refresh: each answers `{ token }` (a short-lived access token) and
// keeps the refresh token in its cookie.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { auth } from '@datafeeds/domain/calls';
import { unauthorized } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/app/sessions/index.ts';
import { originOf } from '../../plugins/app/audit/index.ts';
import { registerCall } from '../register-call.ts';
import { REFRESH_COOKIE, clearRefreshCookie, setRefreshCookie } from '../../lib/session-cookies.ts';

const signInRoutes: FastifyPluginAsync = async (app) => {
  const appUrl = app.env.APP_URL;

  registerCall(
    app,
    auth.register,
    async ({ body, reply }) => {
      const tokens = await app.accounts.register(body);
      setRefreshCookie(reply, tokens.refreshToken, appUrl);
      return { token: tokens.accessToken };
    },
    { config: { rateLimit: { max: app.rateLimits.register, timeWindow: '1 minute' } } },
  );

  registerCall(app, auth.login, async ({ body, request, reply }) => {
    const tokens = await app.accounts.login(body.email, body.password, originOf(request));
    setRefreshCookie(reply, tokens.refreshToken, appUrl);
    return { token: tokens.accessToken };
  });

  /** Ends the session named by the bearer token and by the refresh cookie, whichever arrived. */
  const signOut = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const token = bearerToken(request);
    const session = token ? await app.sessions.authenticate(token) : undefined;
    const origin = originOf(request);
    if (session) await app.sessions.revoke(session.sessionId, origin);
    const refreshToken = request.cookies[REFRESH_COOKIE];
    if (refreshToken) await app.sessions.revokeByRefreshToken(refreshToken, origin);
    clearRefreshCookie(reply, appUrl);
  };

  registerCall(app, auth.logout, signOut);
  // The refresh cookie is sent only under /refresh: a sign-out whose access token has expired or was
  // lost still ends the session here (the app calls both).
  registerCall(app, auth.refreshLogout, signOut);

  registerCall(
    app,
    auth.refresh,
    async ({ request, reply }) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const outcome = presented ? await app.sessions.refresh(presented, originOf(request)) : undefined;
      if (!outcome?.ok) {
        if (outcome?.reason === 'reused') request.log.warn('refresh token reused: session revoked');
        clearRefreshCookie(reply, appUrl);
        throw unauthorized();
      }
      setRefreshCookie(reply, outcome.tokens.refreshToken, appUrl);
      return { token: outcome.tokens.accessToken };
    },
    { config: { rateLimit: { max: app.rateLimits.refresh, timeWindow: '1 minute' } } },
  );
};

export default signInRoutes;
