// Registration, sign-in, sign-out and refresh: each answers `{ token }` (a short-lived access token) and
// keeps the refresh token in its cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, loginRequestSchema, registerSchema, tokenResponseSchema } from '@datafeeds/domain';
import { unauthorized } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { errorResponses, publicSecurity } from '../schemas.ts';
import { REFRESH_COOKIE, clearRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';

/** Sign-out ends the session of whichever credential arrived, and answers the same with none. */
const signOutSecurity: Record<string, string[]>[] = [{ bearer: [] }, { refreshCookie: [] }, {}];

const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = app.env.APP_URL;

  app.post(API_PATHS.register, {
    config: { rateLimit: { max: app.rateLimits.register, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      operationId: 'register',
      summary: 'Create an account (identity, profile and trial company) and sign in',
      security: publicSecurity,
      body: registerSchema,
      response: { 201: tokenResponseSchema, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) => {
      const tokens = await app.accounts.register(request.body);
      setRefreshCookie(reply, tokens.refreshToken, appUrl);
      return reply.code(201).send({ token: tokens.accessToken });
    },
  });

  app.post(API_PATHS.login, {
    schema: {
      tags: ['auth'],
      operationId: 'login',
      summary: 'Sign in with email and password',
      security: publicSecurity,
      body: loginRequestSchema,
      response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      const tokens = await app.accounts.login(request.body.email, request.body.password, originOf(request));
      setRefreshCookie(reply, tokens.refreshToken, appUrl);
      return { token: tokens.accessToken };
    },
  });

  /** Ends the session named by the bearer token and by the refresh cookie, whichever arrived. */
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const auth = token ? await app.sessions.authenticate(token) : undefined;
    const origin = originOf(request);
    if (auth) await app.sessions.revoke(auth.sessionId, origin);
    const refreshToken = request.cookies[REFRESH_COOKIE];
    if (refreshToken) await app.sessions.revokeByRefreshToken(refreshToken, origin);
    clearRefreshCookie(reply, appUrl);
    return reply.code(204).send();
  };

  app.post(API_PATHS.logout, {
    schema: {
      tags: ['auth'],
      operationId: 'logout',
      summary: 'Sign out: revoke the session and clear the refresh cookie (idempotent)',
      security: signOutSecurity,
      response: { 204: z.undefined(), ...errorResponses(429) },
    },
    handler: signOut,
  });

  // The refresh cookie is sent only under /refresh: a sign-out whose access token has expired or was
  // lost still ends the session here (the app calls both).
  app.post(API_PATHS.refreshLogout, {
    schema: {
      tags: ['auth'],
      operationId: 'refreshLogout',
      summary: 'Sign out with the refresh cookie: revoke its session and clear it (idempotent)',
      security: signOutSecurity,
      response: { 204: z.undefined(), ...errorResponses(429) },
    },
    handler: signOut,
  });

  app.post(API_PATHS.refresh, {
    config: { rateLimit: { max: app.rateLimits.refresh, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      operationId: 'refresh',
      summary: 'Exchange the refresh cookie for a new access token; the cookie is rotated',
      security: [{ refreshCookie: [] }],
      response: { 200: tokenResponseSchema, ...errorResponses(401, 429) },
    },
    handler: async (request, reply) => {
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
  });
};

export default signInRoutes;
