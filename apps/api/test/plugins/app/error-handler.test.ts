import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo } from '../../helpers/factories.ts';

describe('error answers', () => {
  it('a crash answers 500 without internals and is logged', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = await buildTestApp({
      env: { LOG_LEVEL: 'error' },
      logStream,
      extend: (instance) =>
        instance.get('/api/test-crash', async () => {
          throw new Error('internal detail: connection to db-7 refused');
        }),
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: ERROR_CODES.internal,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toContain('db-7');
    expect(lines.join('')).toContain('internal detail: connection to db-7 refused');
  });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"email":', 400, ERROR_CODES.validation],
    [
      'an unsupported media type',
      { 'content-type': 'application/xml' },
      '<email/>',
      415,
      ERROR_CODES.unsupportedMediaType,
    ],
    [
      'a body over the limit',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'a'.repeat(70_000) }),
      413,
      ERROR_CODES.payloadTooLarge,
    ],
  ])('%s answers %i', async (_case, headers, payload, status, code) => {
    const app = await buildTestApp();
    const response = await app.inject({ ...callTo(auth.login), headers, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: code, message: expect.any(String) });
  });
});
