// The address and user agent of a request, for the audit log. Routes pass them to services; services
// never read the request.
import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from './audit-log.ts';

/** Long enough for any real browser; a longer header is cut rather than stored whole. */
const USER_AGENT_MAX_LENGTH = 512;

export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
  };
}
