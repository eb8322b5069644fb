// Logger options: request logs keep method, path and caller but never credentials. Headers that carry
// them are redacted, and query values that look like one-time tokens (the reset and verification pages
// are GET /reset-password?resetToken=…) are masked before the URL is logged.
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import type { Env } from './env.ts';

const SECRET_QUERY_PARAM = /(token|secret|password|code|key)/i;
const REDACTED = '[REDACTED]';

/**
 * What is censored in every log line, in pino's redact path syntax: `*.field` is that field of any
 * top-level value (of the line or of a child logger's bindings). Applied by the hooks below rather than
 * by pino's `redact` option, which censors the same but walks every path for every value of every line
 * — message and numbers included — far more work than these hooks. logger-redaction.test.ts holds the
 * two to the same output.
 */
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
  '*.totpSecret',
  '*.otpauthUri',
  '*.recoveryCodes',
];

type Path = readonly string[];

/** 'a.b["c-d"]' → ['a', 'b', 'c-d'], as pino reads a redact path. */
function parsePath(path: string): Path {
  return [...path.matchAll(/[^.[\]]+|\[([^[\]]*?)\]/g)].map((match) =>
    match[1] !== undefined ? match[1].replace(/^(["'`])(.*)\1$/, '$2') : match[0],
  );
}

const PARSED_PATHS = REDACT_PATHS.map(parsePath);
/** `*.field`: that field of every top-level value. */
const ANY_VALUE_FIELDS = PARSED_PATHS.filter((path) => path[0] === '*').map((path) => path.slice(1));
/** Paths below one named top-level key (`req.headers.authorization` under `req`). */
const PATHS_UNDER = new Map<string, Path[]>();
for (const [key, ...rest] of PARSED_PATHS) {
  if (key === undefined || key === '*') continue;
  PATHS_UNDER.set(key, [...(PATHS_UNDER.get(key) ?? []), rest]);
}
/**
 * A written line can hold a censored field only if one of these names appears in it as a key: JSON
 * writes every key, at any depth, as `"name":`. Lines without one (nearly all) are written untouched.
 */
const MAY_HOLD_SECRET = new RegExp(
  `"(?:${[...new Set(PARSED_PATHS.map((path) => path.at(-1) ?? ''))].map((name) => name.replace(/[^\w]/g, '\\$&')).join('|')})":`,
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `value` with `path` censored where it exists; copies only what it changes. */
function censorPath(value: Record<string, unknown>, path: Path): Record<string, unknown> {
  const [field, ...rest] = path;
  if (field === undefined || !(field in value)) return value;
  if (rest.length === 0) return { ...value, [field]: REDACTED };
  const inner = value[field];
  if (!isObject(inner)) return value;
  const censored = censorPath(inner, rest);
  return censored === inner ? value : { ...value, [field]: censored };
}

/** An object with REDACT_PATHS censored below each of its keys; the object itself is never changed. */
function censorObject(object: Record<string, unknown>): Record<string, unknown> {
  let result = object;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (!isObject(value)) continue;
    let censored = value;
    for (const path of ANY_VALUE_FIELDS) censored = censorPath(censored, path);
    for (const path of PATHS_UNDER.get(key) ?? []) censored = censorPath(censored, path);
    if (censored === value) continue;
    if (result === object) result = { ...object };
    result[key] = censored;
  }
  return result;
}

/** A written line (after serializers, with its bindings) with REDACT_PATHS censored. */
function censorLine(line: string): string {
  if (!MAY_HOLD_SECRET.test(line)) return line;
  const parsed: unknown = JSON.parse(line);
  if (!isObject(parsed)) return line;
  const censored = censorObject(parsed);
  return censored === parsed ? line : `${JSON.stringify(censored)}\n`;
}

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
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    hooks: {
      // Objects interpolated into the message (`log.info('%j', value)`) are censored before they become
      // text, as pino's redaction did.
      logMethod(args, method) {
        for (let index = typeof args[0] === 'string' ? 1 : 2; index < args.length; index += 1) {
          const value: unknown = args[index];
          if (isObject(value)) args[index] = censorObject(value);
        }
        return method.apply(this, args);
      },
      // Everything else, bindings included, in the line as written.
      streamWrite: censorLine,
    },
    ...(stream ? { stream } : {}),
  };
}
