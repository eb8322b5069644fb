import { ERROR_CODES, STAFF_MESSAGES } from '@datafeeds/domain';
import { system } from '@datafeeds/domain/calls';
import * as staffConsole from '@datafeeds/domain/calls/console';
import * as consoleCompanies from '@datafeeds/domain/calls/console-companies';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { getStaffToken, setStaffToken } from '@/lib/console/staff-session';

const config = answer(system.config, { body: appConfig });
const me = answer(staffConsole.getStaffMe, {
  body: { id: 'staff-1', email: 'ada@datafeeds.example', role: 'support' },
});
const overview = answer(consoleCompanies.getConsoleOverview, {
  body: {
    companiesByStatus: { trial: 0, paid: 0, suspended: 0 },
    trialsEndingSoon: 0,
    upgradeRequestsWaiting: 0,
    tokensUnderReview: 0,
    verificationsToday: 0,
    refusedToday: 0,
    failedEmails: 0,
    failingEmails: 0,
  },
});
const noSession = answer(staffConsole.consoleRefresh, {
  status: 401,
  body: { error: ERROR_CODES.unauthorized, message: 'Sign in again.' },
});

async function signIn(code: string) {
  await userEvent.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'ada@datafeeds.example');
  await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
  await userEvent.type(screen.getByRole('textbox', { name: /code/ }), code);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function openLogin() {
  const app = renderApp('/console/login');
  await screen.findByRole('heading', { level: 1, name: 'Console sign-in' });
  return app;
}

describe('console sign-in', () => {
  it('requires the email, the password and a code', async () => {
    const { callsTo } = mockCalls(config);
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Enter the code of your authenticator app or a recovery code.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(callsTo(staffConsole.consoleLogin)).toHaveLength(0);
  });

  it('signs in with the code into the console home, in a staff session of its own', async () => {
    const { callsTo } = mockCalls(
      config,
      answer(staffConsole.consoleLogin, { body: { token: 'staff-access-token' } }),
      me,
      overview,
    );
    const { history } = await openLogin();
    await signIn('123456');
    expect(await screen.findByText('ada@datafeeds.example (support)')).toBeInTheDocument();
    expect(screen.getByText('DataFeeds console')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console');
    expect(callsTo(staffConsole.consoleLogin)[0]?.body).toEqual({
      email: 'ada@datafeeds.example',
      password: 'secret-password',
      code: '123456',
    });
    expect(callsTo(staffConsole.getStaffMe)[0]?.headers.get('Authorization')).toBe(
      'Bearer staff-access-token',
    );
    expect(getToken()).toBeNull();
  });

  it('takes a recovery code instead of the authenticator code', async () => {
    const { callsTo } = mockCalls(
      config,
      answer(staffConsole.consoleLogin, { body: { token: 'staff-access-token' } }),
      me,
      overview,
    );
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByRole('textbox', { name: /^Recovery code/ })).toHaveFocus();
    await signIn('abcd-efgh-ijkm-npqr');
    await screen.findByText('ada@datafeeds.example (support)');
    expect(callsTo(staffConsole.consoleLogin)[0]?.body?.code).toBe('abcd-efgh-ijkm-npqr');
  });

  it.each([
    [401, ERROR_CODES.invalidCredentials, STAFF_MESSAGES.signInRefused],
    [403, ERROR_CODES.forbidden, STAFF_MESSAGES.staffDisabled],
    [429, ERROR_CODES.rateLimited, STAFF_MESSAGES.locked],
  ] as const)('shows the API’s message on a %i', async (status, error, message) => {
    mockCalls(config, answer(staffConsole.consoleLogin, { status, body: { error, message } }));
    const { history } = await openLogin();
    await signIn('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(history.location.pathname).toBe('/console/login');
    expect(getStaffToken()).toBeNull();
  });
});

describe('console home', () => {
  it('sends to the console sign-in without a staff session', async () => {
    const { callsTo } = mockCalls(config, noSession);
    const { history } = renderApp('/console');
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/login');
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(1);
  });

  it('resumes a staff session from the console refresh cookie', async () => {
    mockCalls(
      config,
      answer(staffConsole.consoleRefresh, { body: { token: 'renewed-token' } }),
      me,
      overview,
    );
    renderApp('/console');
    expect(await screen.findByText('ada@datafeeds.example (support)')).toBeInTheDocument();
    expect(getStaffToken()).toBe('renewed-token');
  });

  it('sends a member disabled meanwhile to the sign-in, saying why', async () => {
    setStaffToken('staff-access-token');
    const { callsTo } = mockCalls(
      config,
      answer(staffConsole.getStaffMe, {
        status: 401,
        body: { error: ERROR_CODES.unauthorized, message: 'Authentication is required.' },
      }),
      answer(staffConsole.consoleRefresh, {
        status: 401,
        body: { error: ERROR_CODES.staffDisabled, message: STAFF_MESSAGES.signedOutDisabled },
      }),
    );
    const { history } = renderApp('/console');
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/login');
    expect(screen.getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.signedOutDisabled);
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(1);
    expect(getStaffToken()).toBeNull();
  });

  it('says nothing of the kind when the session simply ended', async () => {
    mockCalls(config, noSession);
    renderApp('/console');
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs out through the console logout and forgets the staff token', async () => {
    setStaffToken('staff-access-token');
    const { callsTo } = mockCalls(config, me, overview, answer(staffConsole.consoleLogout, { status: 204 }));
    const { history } = renderApp('/console');
    await screen.findByText('ada@datafeeds.example (support)');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/login');
    expect(callsTo(staffConsole.consoleLogout)).toHaveLength(1);
    expect(getStaffToken()).toBeNull();
  });
});
