import { describe, expect, it } from 'vitest';
import { ERROR_CODES, passwordTooCommonMessage } from '@datafeeds/domain';
import { AppError } from '../../../../src/lib/errors.ts';
import {
  COMMON_PASSWORD_COUNT,
  isCommonPassword,
  refuseCommonPassword,
} from '../../../../src/plugins/app/users/common-passwords.ts';
import { COMMON_PASSWORDS, strongPassword } from '../../../helpers/factories.ts';

describe('common passwords', () => {
  it('holds at least the 10 000 most common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it.each(COMMON_PASSWORDS)('knows %j, whatever its case', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([strongPassword(), 'correct-horse-0a1b2c3d'])('lets %j through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(() => refuseCommonPassword(password, 'password')).not.toThrow();
  });

  it.each(['password', 'newPassword'] as const)('refuses with the domain message on %s', (field) => {
    let thrown: unknown;
    try {
      refuseCommonPassword('Qwerty123', field);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      statusCode: 400,
      code: ERROR_CODES.validation,
      message: passwordTooCommonMessage,
      details: [{ field, message: passwordTooCommonMessage }],
    });
  });
});
