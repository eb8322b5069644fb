// `app.authenticate` guards a route: the bearer access token must be valid and its session not revoked.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_REFUSALS, roleMay, type TeamAction } from '@datafeeds/domain';
import { forbidden, profileNotFound, unauthorized } from '../../../lib/errors.ts';
import type { AuthContext, CompanyCaller } from './sessions-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * A guard to put after `authenticate`: the caller belongs to a company and its role may `action`
     * (domain ROLE_POLICY), else 404 profile_not_found / 403 with the policy's sentence.
     */
    allow(action: TeamAction): (request: FastifyRequest) => Promise<void>;
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

/** The caller as a member of its company; 404 profile_not_found for an identity without one. */
export function memberOf(request: FastifyRequest): CompanyCaller {
  const auth = authOf(request);
  if (auth.companyId === null || auth.role === null) throw profileNotFound();
  return { ...auth, companyId: auth.companyId, role: auth.role };
}

/** Installs the guards on `app` (the sessions module's plugin, index.ts). */
export function installAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const auth = token ? await app.sessions.authenticate(token) : undefined;
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
  app.decorate('allow', (action: TeamAction) => async (request: FastifyRequest) => {
    if (!roleMay(memberOf(request).role, action)) throw forbidden(ROLE_REFUSALS[action]);
  });
}
