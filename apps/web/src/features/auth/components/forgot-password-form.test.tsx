import { MESSAGES } from '@datafeeds/domain';
import { auth, system } from '@datafeeds/domain/calls';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig } from '@/testing/fixtures';
import { fillAndBlur } from '@/testing/form';
import { renderApp } from '@/testing/render';
import { internalError } from '@/testing/server-errors';

/** The app asks for the deployment's settings on every page (app/provider.tsx). */
const config = answer(system.config, { body: appConfig });

async function openForgotPassword() {
  const app = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
  return app;
}

describe('forgot-password form', () => {
  it('validates the email when leaving the field and links back to sign in and sign up', async () => {
    mockCalls(config);
    await openForgotPassword();
    expect(
      screen.getByText('Enter the email of your account and we will send you a link to reset your password.'),
    ).toBeInTheDocument();
    await fillAndBlur(/Email/, '');
    expect(await screen.findByText('Email is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Email/, 'ada@');
    expect(await screen.findByText('Email must be a valid email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'return to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('confirms that an email will follow, with a way back to the login', async () => {
    const { callsTo } = mockCalls(
      config,
      answer(auth.forgotPassword, {
        body: { message: 'If an account exists for this email, a link to reset the password is on its way.' },
      }),
    );
    const { history } = await openForgotPassword();
    await userEvent.type(screen.getByLabelText(/Email/, { selector: 'input' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(/an email with a link to reset your password will follow/),
    ).toBeInTheDocument();
    // The instruction to enter an email goes with the form.
    expect(screen.queryByText(/Enter the email of your account/)).not.toBeInTheDocument();
    expect(callsTo(auth.forgotPassword)[0]?.body).toEqual({ email: 'ada@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Return to Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });

  it('shows the spec message when the request fails', async () => {
    mockCalls(config, answer(auth.forgotPassword, internalError()));
    await openForgotPassword();
    await userEvent.type(screen.getByLabelText(/Email/, { selector: 'input' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forgotPasswordFailed);
  });
});
