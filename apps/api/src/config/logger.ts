// Logger options: request logs keep method, path and caller but never credentials. Headers that carry
// them are redacted, and query values that look like one-time tokens (the reset and verification pages
// are GET /reset-password?resetToken=…) are masked before the URL is logged.
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { DestinationStream } from 'pino';
import type { Env } from './env.ts';

const SECRET_QUERY_PARAM = /(token|secret|password|code|key)/i;
const REDACTED = '[REDACTED]';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.token',
  '*.resetToken',
  '*.refreshToken',
  '*.accessToken',
  '*.clientSecret',
  '*.sessionSecret',
  '*.clientSecretHashKey',
];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) if (SECRET_QUERY_PARAM.test(name)) params.set(name, REDACTED);
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export function loggerOptions(
  env: Env,
  stream?: DestinationStream,
): FastifyLoggerOptions & LoggerOptions & { stream?: DestinationStream } {
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
