import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo, registerUser } from '../../helpers/factories.ts';

const app = await buildTestApp();
const { registration } = await registerUser(app);

const checkUsername = (username: string) =>
  app.inject({ ...callTo(users.checkUsernameRegistered), query: { username } });
const checkEmail = (email: string) => app.inject({ ...callTo(users.checkEmailRegistered), query: { email } });

describe('availability checks', () => {
  it.each([
    ['the same username', registration.username, true],
    ['the username in another case', registration.username.toUpperCase(), true],
    ['a free username', 'free_username_42', false],
  ])('username: %s → usernameRegistered %s', async (_case, username, expected) => {
    const response = await checkUsername(username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ usernameRegistered: expected });
  });

  it.each([
    ['the same email', registration.email, true],
    ['the email in another case', ` ${registration.email.toUpperCase()} `, true],
    ['a free email', 'free@example.com', false],
  ])('email: %s → emailRegistered %s', async (_case, email, expected) => {
    const response = await checkEmail(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailRegistered: expected });
  });

  it('answers 400 without the query parameter', async () => {
    const response = await app.inject(callTo(users.checkEmailRegistered));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ERROR_CODES.validation);
  });

  it('is rate limited per IP with Retry-After', async () => {
    const limited = await buildTestApp({ rateLimits: { availability: 3 } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (await limited.inject({ ...callTo(users.checkUsernameRegistered), query: { username: 'someone' } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const blocked = await limited.inject({
      ...callTo(users.checkEmailRegistered),
      query: { email: 'a@example.com' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({
      error: ERROR_CODES.rateLimited,
      message: expect.stringMatching(/Too many requests/),
    });
  });

  it('keeps its counters in Redis when REDIS_URL is set', async () => {
    const prefix = `datafeeds-test:${randomBytes(6).toString('hex')}:`;
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const limited = await buildTestApp({
        env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix },
        rateLimits: { availability: 2 },
      });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await limited.inject({
          ...callTo(users.checkEmailRegistered),
          query: { email: 'a@example.com' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(await redis.keys(`${prefix}rate-limit:*availability*`)).not.toEqual([]);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
