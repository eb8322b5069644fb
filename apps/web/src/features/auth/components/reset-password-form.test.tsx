import { ERROR_CODES, MESSAGES, passwordTooCommonMessage, type ErrorResponse } from '@datafeeds/domain';
import { auth, system } from '@datafeeds/domain/calls';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig, makeLinkToken } from '@/testing/fixtures';
import { fillAndBlur } from '@/testing/form';
import { renderApp } from '@/testing/render';

/** The app asks for the deployment's settings on every page (app/provider.tsx). */
const config = answer(system.config, { body: appConfig });

const resetToken = makeLinkToken('reset');

async function openResetPassword(url = `/reset-password?resetToken=${resetToken}`) {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Reset password' });
  return app;
}

async function submitPasswords(password: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), password);
  await userEvent.type(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset-password form', () => {
  it('shows the validation messages when leaving a field', async () => {
    mockCalls(config);
    await openResetPassword();
    await fillAndBlur(/^New Password/, '123');
    expect(await screen.findByText('Password length must be at least 6 characters long')).toBeInTheDocument();
    await fillAndBlur(/^New Password/, 'secret-password');
    await fillAndBlur(/^Confirm Password/, 'secret-passwort');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('sends the new password with the token from the link and confirms the reset', async () => {
    const { callsTo } = mockCalls(
      config,
      answer(auth.resetPassword, { body: { message: MESSAGES.passwordResetSuccess } }),
    );
    const { history } = await openResetPassword();
    await submitPasswords('secret-password', 'secret-password');
    expect(await screen.findByText(MESSAGES.passwordResetSuccess)).toBeInTheDocument();
    expect(callsTo(auth.resetPassword)[0]?.body).toEqual({ password: 'secret-password', resetToken });
    await userEvent.click(screen.getByRole('button', { name: 'Return to Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });

  it('shows the spec message when the reset fails', async () => {
    mockCalls(
      config,
      answer(auth.resetPassword, {
        status: 400,
        body: {
          error: ERROR_CODES.invalidToken,
          message: 'This reset link is invalid, expired or already used. Request a new one.',
        },
      }),
    );
    await openResetPassword();
    await submitPasswords('secret-password', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetFailed);
  });

  it('shows the server’s refusal of a common password under the field, not the failed-link alert', async () => {
    const refusal: ErrorResponse = {
      error: ERROR_CODES.validation,
      message: passwordTooCommonMessage,
      details: [{ field: 'password', message: passwordTooCommonMessage }],
    };
    mockCalls(config, answer(auth.resetPassword, { status: 400, body: refusal }));
    await openResetPassword();
    await submitPasswords('secret-password', 'secret-password');
    const password = screen.getByLabelText(/^New Password/, { selector: 'input' });
    await waitFor(() => expect(password).toHaveAccessibleDescription(passwordTooCommonMessage));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(MESSAGES.resetFailed)).not.toBeInTheDocument();
  });

  it('explains a link without a reset token and offers a new one', async () => {
    mockCalls(config);
    await openResetPassword('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('carries no reset token');
    expect(screen.getByRole('link', { name: 'request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
