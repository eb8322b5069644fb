import {
  ERROR_CODES,
  MESSAGES,
  REDIRECT_AFTER_REGISTRATION_MS,
  passwordTooCommonMessage,
  type ErrorResponse,
} from '@datafeeds/domain';
import { account, auth, system, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type CalledWith } from '@/testing/call-doubles';
import { advanceClock, startFakeClock } from '@/testing/fake-clock';
import { fillAndBlur, focusAndLeave } from '@/testing/form';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { preloadRoutes, renderApp, renderScreen } from '@/testing/render';

/** The deployment's settings, and a username and an email nobody has taken. */
const availability = [
  answer(users.checkUsernameRegistered, { body: { usernameRegistered: false } }),
  answer(users.checkEmailRegistered, { body: { emailRegistered: false } }),
  answer(system.config, { body: appConfig }),
];

async function openRegister() {
  const app = await renderScreen('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return app;
}

async function fillValidForm(user: UserEvent = userEvent.setup()) {
  await user.type(screen.getByLabelText(/First Name/, { selector: 'input' }), 'Ada');
  await user.type(screen.getByLabelText(/Last Name/, { selector: 'input' }), 'Lovelace');
  await user.type(screen.getByLabelText(/Company Name/, { selector: 'input' }), 'Engines Ltd');
  await user.type(screen.getByLabelText(/Email/, { selector: 'input' }), 'ada@example.com');
  await user.type(screen.getByLabelText(/Username/, { selector: 'input' }), 'adalove');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
  await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
  await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
}

describe('registration form', () => {
  it('says nothing about fields the user left without typing, until the form is submitted', async () => {
    mockCalls(...availability);
    await openRegister();
    await focusAndLeave(/First Name/);
    await focusAndLeave(/Email/);
    await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    expect(screen.queryByText(/is not allowed to be empty/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First Name is not allowed to be empty')).toBeInTheDocument();
  });

  it('shows the validation messages when leaving a field', async () => {
    mockCalls(...availability);
    await openRegister();
    await fillAndBlur(/First Name/, 'A');
    expect(
      await screen.findByText('First Name length must be at least 2 characters long'),
    ).toBeInTheDocument();
    await fillAndBlur(/Last Name/, '');
    expect(await screen.findByText('Last Name is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Company Name/, ' B ');
    expect(
      await screen.findByText('Company Name length must be at least 2 characters long'),
    ).toBeInTheDocument();
    await fillAndBlur(/Email/, 'not-an-email');
    expect(await screen.findByText('Email must be a valid email')).toBeInTheDocument();
    await fillAndBlur(/Username/, 'abc');
    expect(await screen.findByText('Username length must be at least 4 characters long')).toBeInTheDocument();
    await fillAndBlur(/^Password/, '12345');
    expect(await screen.findByText('Password length must be at least 6 characters long')).toBeInTheDocument();
    await fillAndBlur(/Phone/, '12345');
    expect(await screen.findByText('Phone length must be at least 10 characters long')).toBeInTheDocument();
  });

  it('requires both terms checkboxes', async () => {
    mockCalls(...availability);
    await openRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.termsRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.privacyRequired)).toBeInTheDocument();
  });

  it('links the terms and privacy documents from the config when given', async () => {
    mockCalls(
      ...availability,
      answer(system.config, {
        body: {
          ...appConfig,
          links: {
            ...appConfig.links,
            termsOfService: 'https://example.com/terms',
            privacyPolicy: 'https://example.com/privacy',
          },
        },
      }),
    );
    await openRegister();
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://example.com/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks username and email availability when leaving those fields', async () => {
    const { callsTo } = mockCalls(
      ...availability,
      answer(users.checkUsernameRegistered, { body: { usernameRegistered: true } }),
      answer(users.checkEmailRegistered, { body: { emailRegistered: true } }),
    );
    await openRegister();
    await fillAndBlur(/Username/, 'adalove');
    expect(await screen.findByText(MESSAGES.usernameTaken)).toBeInTheDocument();
    await fillAndBlur(/Email/, 'ada+portal@example.com');
    expect(await screen.findByText(MESSAGES.emailTaken)).toBeInTheDocument();
    expect(callsTo(users.checkEmailRegistered).map((call) => call.url)).toContain(
      `${users.checkEmailRegistered.path}?email=ada%2Bportal%40example.com`,
    );
  });

  it('signs the user in, shows the success message and goes to / after 3 seconds', async () => {
    const token = fakeJwt(900);
    let registration: CalledWith<typeof auth.register> | undefined;
    mockCalls(
      ...availability,
      answer(auth.register, (request) => {
        registration = request;
        return { status: 201, body: { token } };
      }),
      answer(users.getUser, { body: makeUser() }),
      answer(tokens.getClients, { body: { clients: [] } }),
      answer(account.getQuota, { body: makeQuota() }),
    );
    await preloadRoutes('/register', '/');
    const user = startFakeClock();
    const { history } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.registrationSuccess)).toBeInTheDocument();
    expect(getToken()).toBe(token);
    expect(registration?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines Ltd',
      email: 'ada@example.com',
      username: 'adalove',
      password: 'secret-password',
      phone: '',
      userHasAgreedToTermsOfService: true,
      userHasReadPrivacyPolicy: true,
    });
    // findByText moves the clock in 50 ms steps, so the message has been up for at most 50 ms here.
    await advanceClock(REDIRECT_AFTER_REGISTRATION_MS - 100);
    expect(history.location.pathname).toBe('/register');
    await advanceClock(100);
    expect(history.location.pathname).toBe('/');
    // The first visit: no 'Welcome back' yet.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds, Ada' }),
    ).toBeInTheDocument();
  });

  it('shows the failure message and puts a taken email on its field', async () => {
    mockCalls(
      ...availability,
      answer(auth.register, {
        status: 409,
        body: {
          error: ERROR_CODES.emailTaken,
          message: MESSAGES.emailTaken,
          details: [{ field: 'email', message: MESSAGES.emailTaken }],
        },
      }),
    );
    await openRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.registrationFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailTaken)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('marks both the email and the username when the server says both are taken', async () => {
    const bothTaken: ErrorResponse = {
      error: ERROR_CODES.emailTaken,
      message: MESSAGES.emailTaken,
      details: [
        { field: 'email', message: MESSAGES.emailTaken },
        { field: 'username', message: MESSAGES.usernameTaken },
      ],
    };
    mockCalls(...availability, answer(auth.register, { status: 409, body: bothTaken }));
    await openRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText(/Email/, { selector: 'input' });
    const username = screen.getByLabelText(/Username/, { selector: 'input' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(MESSAGES.emailTaken));
    expect(username).toHaveAccessibleDescription(MESSAGES.usernameTaken);
  });

  it('shows the server’s refusal of a common password under the password field', async () => {
    const refusal: ErrorResponse = {
      error: ERROR_CODES.validation,
      message: passwordTooCommonMessage,
      details: [{ field: 'password', message: passwordTooCommonMessage }],
    };
    mockCalls(...availability, answer(auth.register, { status: 400, body: refusal }));
    await openRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    await waitFor(() => expect(password).toHaveAccessibleDescription(passwordTooCommonMessage));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBeNull();
  });
});
