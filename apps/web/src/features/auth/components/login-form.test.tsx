import { ERROR_CODES, MESSAGES } from '@datafeeds/domain';
import { account, auth, system, tokens, users } from '@datafeeds/domain/calls';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { fillAndBlur, focusAndLeave } from '@/testing/form';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import { rateLimited } from '@/testing/server-errors';

/** The app asks for the deployment's settings on every page (app/provider.tsx). */
const config = answer(system.config, { body: appConfig });

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return app;
}

async function submitCredentials(email = 'ada@example.com', password = 'secret-password') {
  await userEvent.type(screen.getByLabelText(/Email/, { selector: 'input' }), email);
  await userEvent.type(screen.getByLabelText(/Password/, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login form', () => {
  it('says nothing about a field the user left without typing, such as for the theme toggle', async () => {
    mockCalls(config);
    await openLogin();
    await focusAndLeave(/Email/);
    await userEvent.click(screen.getByRole('button', { name: /^Switch to (dark|light) mode$/ }));
    await focusAndLeave(/Password/);
    expect(screen.queryByText(/is not allowed to be empty/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is not allowed to be empty')).toBeInTheDocument();
  });

  it('shows the validation messages when leaving a field', async () => {
    mockCalls(config);
    await openLogin();
    await fillAndBlur(/Email/, '');
    expect(await screen.findByText('Email is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Email/, 'ada@example');
    expect(await screen.findByText('Email must be a valid email')).toBeInTheDocument();
    await fillAndBlur(/Password/, '');
    expect(await screen.findByText('Password is not allowed to be empty')).toBeInTheDocument();
  });

  it('offers the password toggle, the forgot-password and sign-up links and the sister-product hint', async () => {
    mockCalls(config);
    await openLogin();
    const password = screen.getByLabelText(/Password/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(
      screen.getByText('Already use DataFeeds Analytics? Sign in with that account.'),
    ).toBeInTheDocument();
  });

  it('shows the spec message when the credentials are wrong', async () => {
    mockCalls(
      config,
      answer(auth.login, {
        status: 401,
        body: { error: ERROR_CODES.invalidCredentials, message: MESSAGES.loginFailed },
      }),
    );
    await openLogin();
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
    expect(getToken()).toBeNull();
  });

  it('says how long to wait after too many attempts', async () => {
    mockCalls(config, answer(auth.login, rateLimited(30)));
    await openLogin();
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait 30 seconds and try again.',
    );
  });

  it('stores the token and opens the dashboard on success', async () => {
    const token = fakeJwt(900);
    const { callsTo } = mockCalls(
      config,
      answer(auth.login, { body: { token } }),
      answer(users.getUser, { body: makeUser() }),
      answer(tokens.getClients, { body: { clients: [] } }),
      answer(account.getQuota, { body: makeQuota() }),
    );
    const { history } = await openLogin();
    await submitCredentials();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard');
    expect(getToken()).toBe(token);
    expect(callsTo(auth.login)[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
    });
  });
});
