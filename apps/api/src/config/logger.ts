// Logger options: request logs keep method, path and caller but never credentials. Headers that carry
// them are redacted, and query values that look like one-time tokens (the reset and verification pages
// are GET /reset-password?resetToken=…) are masked before the URL is logged.
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
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

const QUERY_PARAMS = /\nparams: [\s\S]*$/;

/**
 * Errors as pino writes them, minus what can carry a credential: the raw bytes of a request the HTTP
 * parser refused (`rawPacket`: headers, cookie and bearer token included) and the parameters of a
 * failed query (drizzle puts them in the message and stack: a secret's hash and prefix appeared there).
 */
type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

export function serializeError(error: Error): SerializedError {
  // A plain copy: pino's own object keeps `cause` on its prototype, out of reach.
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  delete serialized.rawPacket;
  delete serialized.params;
  delete serialized.raw;
  // PostgreSQL quotes the value it refused in its message (invalid input syntax …: "<value>") and names
  // key values in `detail`: neither belongs in a log.
  const fromDatabase = typeof serialized.code === 'string' && /^[0-9A-Z]{5}$/.test(serialized.code);
  if (fromDatabase) delete serialized.detail;
  for (const field of ['message', 'stack']) {
    const text = serialized[field];
    if (typeof text !== 'string') continue;
    const withoutParams = text.replace(QUERY_PARAMS, '');
    serialized[field] = fromDatabase ? withoutParams.replace(/"[^"\n]*"/g, '"…"') : withoutParams;
  }
  if (error.cause instanceof Error) serialized.cause = serializeError(error.cause);
  return serialized as SerializedError;
}

export function loggerOptions(
  env: Env,
  stream?: DestinationStream,
): FastifyLoggerOptions & LoggerOptions & { stream?: DestinationStream } {
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
