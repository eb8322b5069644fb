// The log censoring (config/logger.ts) against pino's own `redact` with the same REDACT_PATHS: every line
// must come out as pino's redaction would write it, and the logged objects must stay untouched.
import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { REDACT_PATHS, loggerOptions, redactUrl, serializeError } from '../../src/config/logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { stream, lines };
}

/** Fastify adds its `res` serializer to the options it is given. */
const replySerializer = (reply: { statusCode: number }) => ({ statusCode: reply.statusCode });

function portalLogger(env: ReturnType<typeof loadEnv>, stream: Writable): Logger {
  const options = loggerOptions(env);
  return pino({ ...options, serializers: { res: replySerializer, ...options.serializers } }, stream);
}

/** The options as they were: pino's redact option and the serializers without censoring. */
function referenceLogger(stream: Writable): Logger {
  return pino(
    {
      level: 'trace',
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: {
        err: serializeError,
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
        res: replySerializer,
      },
    },
    stream,
  );
}

const withoutTime = (line: string) => {
  const { time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
  return rest;
};

class Account {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {}
}

// Made once, so both loggers write the same stack.
const failure = Object.assign(new Error('boom'), { password: 'pw-on-error', token: 'tk', code: 'E1' });
const wrapped = new Error('outer', { cause: failure });

/** Log calls covering every kind of REDACT_PATHS entry, and what they must leave alone. */
const CALLS: [string, (log: Logger) => void][] = [
  [
    'wildcard fields one level down',
    (log) =>
      log.info(
        { body: { email: 'a@example.com', password: 'pw', newPassword: 'n', currentPassword: 'c' } },
        'x',
      ),
  ],
  [
    'every wildcard field',
    (log) =>
      log.info({
        fields: {
          passwordHash: 'h',
          token: 't',
          resetToken: 'r',
          refreshToken: 'f',
          accessToken: 'a',
          clientSecret: 's',
          sessionSecret: 'ss',
          clientSecretHashKey: 'k',
          kept: 'visible',
        },
      }),
  ],
  [
    'top-level headers',
    (log) => log.info({ headers: { authorization: 'Bearer t', cookie: 'c=1', accept: '*/*' } }),
  ],
  [
    'a request through its serializer',
    (log) =>
      log.info(
        {
          req: {
            method: 'GET',
            url: '/reset-password?resetToken=abc',
            ip: '203.0.113.9',
            headers: { authorization: 'x' },
          },
        },
        'incoming request',
      ),
  ],
  [
    'a reply through its serializer',
    (log) =>
      log.info(
        { res: { statusCode: 200, headers: { 'set-cookie': 'x' } }, responseTime: 1.5 },
        'request completed',
      ),
  ],
  ['an error with secret fields', (log) => log.error({ err: failure }, 'request failed')],
  ['an error with a cause', (log) => log.error({ err: wrapped }, 'request failed')],
  ['an error logged as such', (log) => log.error(failure)],
  ['an error under another key', (log) => log.warn({ error: failure, detail: { token: 't' } })],
  [
    'child bindings and a line',
    (log) =>
      log
        .child({ reqId: 'req-1', session: { token: 't', sessionSecret: 's' }, plain: 'p' })
        .info({ user: { accessToken: 'a', refreshToken: 'r', id: 1 } }, 'hi'),
  ],
  [
    'a grandchild',
    (log) =>
      log
        .child({ a: 1 })
        .child({ b: { password: 'pw' } })
        .info('deep'),
  ],
  ['a top-level field (not a path)', (log) => log.info({ password: 'top-level', token: 'tt' })],
  ['two levels down (not a path)', (log) => log.info({ deep: { inner: { password: 'two levels' } } })],
  ['in an array (not a path)', (log) => log.info({ list: [{ password: 'in array' }] })],
  ['present and null', (log) => log.info({ present: { clientSecret: null, label: 'l' } })],
  ['a class instance', (log) => log.info({ account: new Account('a@example.com', 'pw') })],
  ['primitives', (log) => log.info({ body: 'a string', count: 3, flag: true, nothing: null }, 'message')],
  ['only a message', (log) => log.info('just a message')],
  ['an interpolated object', (log) => log.info('interpolated %j', { user: { password: 'pw' }, ok: 1 })],
  [
    'an object and an interpolated object',
    (log) => log.info({ a: { token: 't' } }, 'with %o and %s', { b: { clientSecret: 's' } }, 'text'),
  ],
];

describe('log censoring', () => {
  const env = loadEnv({ LOG_LEVEL: 'trace' });

  it.each(CALLS)('writes %s exactly as pino redact did', (_name, call) => {
    const expected = capture();
    const actual = capture();
    call(referenceLogger(expected.stream));
    call(portalLogger(env, actual.stream));
    expect(actual.lines.length).toBeGreaterThan(0);
    expect(actual.lines.map(withoutTime)).toEqual(expected.lines.map(withoutTime));
  });

  it('leaves out a field that is present but undefined (pino wrote [REDACTED] for it)', () => {
    const { stream, lines } = capture();
    portalLogger(env, stream).info({ present: { token: undefined, label: 'l' } });
    expect(withoutTime(lines[0] ?? '{}')).toMatchObject({ present: { label: 'l' } });
    expect(lines[0]).not.toContain('token');
  });

  it('never changes the objects it is given', () => {
    const { stream } = capture();
    const log = portalLogger(env, stream);
    const body = { email: 'a@example.com', password: 'pw' };
    const headers = { authorization: 'Bearer t' };
    const bindings = { session: { token: 't' } };
    log.child(bindings).info({ body, headers }, 'x');
    log.info('%j', { body });
    expect(body).toEqual({ email: 'a@example.com', password: 'pw' });
    expect(headers).toEqual({ authorization: 'Bearer t' });
    expect(bindings).toEqual({ session: { token: 't' } });
  });

  it('lets a line without secrets through as it is', () => {
    const { stream, lines } = capture();
    const log = portalLogger(env, stream);
    log.info({ res: { statusCode: 204 }, responseTime: 2 }, 'request completed');
    expect(withoutTime(lines[0] ?? '{}')).toMatchObject({ res: { statusCode: 204 }, responseTime: 2 });
  });
});
