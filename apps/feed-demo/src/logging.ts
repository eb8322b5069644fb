// Request logs without secrets: the RSC token travels in the query string, so it is cut out of every
// logged URL. The verifier key never reaches a log (it is only ever sent to the portal).
import type { FastifyRequest } from 'fastify';
import { TOKEN_QUERY_PARAMETER } from '@datafeeds/verifier';

const TOKEN_IN_QUERY = new RegExp(`([?&]${TOKEN_QUERY_PARAMETER}=)[^&#]*`, 'g');

export function redactToken(url: string): string {
  return url.replace(TOKEN_IN_QUERY, '$1[redacted]');
}

/** Fastify's request serializer, with the token cut out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
