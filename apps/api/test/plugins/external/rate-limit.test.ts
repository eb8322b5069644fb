import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/config/env.ts';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../../../src/plugins/external/rate-limit.ts';

describe('RATE_LIMIT_SCALE', () => {
  it('defaults to 1 and multiplies every named limit', () => {
    expect(loadEnv({}).RATE_LIMIT_SCALE).toBe(1);
    const scaled = scaleRateLimits(
      DEFAULT_RATE_LIMITS,
      Number(loadEnv({ RATE_LIMIT_SCALE: '3' }).RATE_LIMIT_SCALE),
    );
    expect(scaled).toEqual({
      global: 900,
      availability: 90,
      register: 30,
      forgotPassword: 15,
      resendVerification: 9,
      refresh: 90,
      credentials: 90,
      invitations: 30,
      invitationLinks: 90,
      consoleSignIn: 60,
    });
  });

  it('refuses a scale below 1', () => {
    expect(() => loadEnv({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});
