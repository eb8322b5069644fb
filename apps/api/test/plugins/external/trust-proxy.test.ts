// Behind a reverse proxy, the client's address is the hop the proxy appended to X-Forwarded-For: a
// client that writes its own left-most entries must not get a fresh address, and so a fresh limit.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { users } from '@datafeeds/domain/calls';
import { loadEnv } from '../../../src/config/env.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo } from '../../helpers/factories.ts';

const checkEmail = (forwardedFor: string) => ({
  ...callTo(users.checkEmailRegistered, '?email=someone@example.com'),
  headers: { 'x-forwarded-for': forwardedFor },
  remoteAddress: '127.0.0.1', // the proxy
});

describe('TRUST_PROXY', () => {
  it.each(['1', '127.0.0.1', '127.0.0.0/8, ::1'])(
    '= %s: a client-chosen X-Forwarded-For entry does not escape the per-address limit',
    async (trustProxy) => {
      const app = await buildTestApp({ env: { TRUST_PROXY: trustProxy }, rateLimits: { availability: 2 } });
      const spoofed = () => `${randomBytes(1)[0]}.${randomBytes(1)[0]}.1.1, 198.51.100.7`;
      expect((await app.inject(checkEmail(spoofed()))).statusCode).toBe(200);
      expect((await app.inject(checkEmail(spoofed()))).statusCode).toBe(200);
      expect((await app.inject(checkEmail(spoofed()))).statusCode).toBe(429);
      // Another real client behind the same proxy has its own budget.
      expect((await app.inject(checkEmail('198.51.100.8'))).statusCode).toBe(200);
    },
  );

  it('reads a hop count, proxy addresses, or false; refuses anything else', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      /true, which trusted every hop, is no longer accepted/,
    );
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(
      /TRUST_PROXY: must be false, the number of proxies in front/,
    );
  });
});
