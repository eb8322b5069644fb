import { describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  INVITATION_TTL_DAYS,
  RESET_TOKEN_TTL_SECONDS,
} from '@datafeeds/domain';
import {
  GIVE_UP_SECONDS,
  MAX_RETRY_SECONDS,
  describeSendError,
  retryDelaySeconds,
} from '../../../../src/plugins/app/mail/delivery-policy.ts';

describe('email delivery policy', () => {
  it('doubles the wait from 10 s after each failed attempt, up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160, 320, 640]);
    expect(retryDelaySeconds(8)).toBe(MAX_RETRY_SECONDS);
    expect(retryDelaySeconds(500)).toBe(15 * 60);
  });

  it("gives up after the longest one-time link lifetime (an invitation's 7 days)", () => {
    expect(GIVE_UP_SECONDS).toBe(7 * 86_400);
    expect(GIVE_UP_SECONDS).toBeGreaterThanOrEqual(INVITATION_TTL_DAYS * 86_400);
    expect(GIVE_UP_SECONDS).toBeGreaterThanOrEqual(EMAIL_VERIFICATION_TTL_SECONDS);
    expect(GIVE_UP_SECONDS).toBeGreaterThanOrEqual(RESET_TOKEN_TTL_SECONDS);
  });

  it('keeps no link and no more than 300 characters of an SMTP error', () => {
    const link = 'http://portal.test/reset-password?resetToken=secret-token';
    const error = new Error(
      `550 rejected: ${link} and https://elsewhere.example/x?token=abc\n${'x'.repeat(400)}`,
    );
    const kept = describeSendError(error, [link]);
    expect(kept).toMatch(/^550 rejected: \[link\] and \[link\] x+…$/);
    expect(kept).not.toMatch(/secret-token|token=|https?:/);
    expect(kept).toHaveLength(300);
    expect(describeSendError('connection refused', [])).toBe('connection refused');
  });
});
