import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  deleteFailureMessage,
  deleteSuccessMessage,
  genericMessages,
  passwordTooCommonMessage,
  rotateFailureMessage,
  rotateSuccessMessage,
} from './messages.ts';

describe('spec messages (§2, §5, §8)', () => {
  it.each([
    ['registrationSuccess', 'Registration Successful! Please check your email to verify your account.'],
    ['passwordResetSuccess', 'Your password has been reset.'],
    ['welcomeSuccess', 'Profile Update Successful!'],
    ['profileSuccess', 'Successfully updated your profile'],
    ['upgradeSuccess', 'Successfully submitted your upgrade request'],
    ['rotateDialogSuccess', 'Token rotated successfully. New token details are below'],
    ['irreversibleWarning', 'Warning - Irreversible Action'],
    ['usernameTaken', 'Username is already taken. Please try another.'],
    ['emailTaken', 'Email is already taken. Please try another.'],
    ['passwordsDoNotMatch', 'Passwords do not match'],
    ['sportRequired', 'You must select at least one Sport'],
    ['timingRequired', 'At least one of Live Feed, Pre Game, or Post Game must selected'],
    ['latencyRequired', 'You must select at least one Latency type'],
    ['currentPasswordRequired', 'Current password is required'],
    ['newPasswordRequired', 'New password is required in order to change passwords'],
    ['loginFailed', 'Login Failed. Please check your credentials and try again.'],
    ['registrationFailed', 'Registration Failed. Please try again.'],
    [
      'forgotPasswordFailed',
      'Request Failed. Please check your email and try again. If the issue persists, please contact us.',
    ],
    [
      'resetFailed',
      'Request Failed. Please try again. If the issue persists, try requesting for a new reset password or contact us for further support.',
    ],
    ['welcomeFailed', 'User Update Failed. Please try again.'],
    ['createClientFailedTitle', 'Failed to create Client'],
    [
      'createClientFailed',
      'An error occurred while creating the new client. Try submitting your request again, if the issue persists, please contact us.',
    ],
    ['profileFailedTitle', 'Failed to update profile'],
    [
      'upgradeFailed',
      'Failed to submit upgrade request. Try submitting your request again, if the issue persists, please contact us.',
    ],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('fills in the token messages', () => {
    expect(deleteSuccessMessage('Prod')).toBe('Prod Client Credential deleted successfully');
    expect(deleteFailureMessage('Prod', 'ab12C')).toBe('Failed to delete Prod (ab12C) Client Credential');
    expect(rotateSuccessMessage('Prod')).toBe('Prod Client Credential rotate request successful');
    expect(rotateFailureMessage('Prod', 'ab12C')).toBe(
      'Failed to request rotation for Prod (ab12C) Client Credential',
    );
  });

  it('has the message for a password on the common list', () => {
    expect(passwordTooCommonMessage).toBe('This password is too common. Choose one that is harder to guess.');
  });

  it('has the generic validator messages', () => {
    expect(genericMessages.email('Email')).toBe('Email must be a valid email');
    expect(genericMessages.empty('Email')).toBe('Email is not allowed to be empty');
    expect(genericMessages.number('Phone')).toBe('Phone must be a number');
  });
});
