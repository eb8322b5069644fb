// `app.authenticate` guards a route: the bearer access token must be valid and its session not revoked.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { AuthContext } from './sessions/sessions-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The caller of a route guarded by `app.authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export default fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const auth = token ? await app.sessions.authenticate(token) : undefined;
      if (!auth) throw unauthorized();
      request.auth = auth;
    });
  },
  { name: 'authentication', dependencies: ['services'] },
);
