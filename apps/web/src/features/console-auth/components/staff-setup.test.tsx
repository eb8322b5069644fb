import {
  STAFF_MESSAGES,
  STAFF_SETUP_PROBLEM_MESSAGES,
  passwordTooCommonMessage,
  type StaffSetupProblem,
} from '@datafeeds/domain';
import { system } from '@datafeeds/domain/calls';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig, makeLinkToken } from '@/testing/fixtures';
import { fillAndBlur } from '@/testing/form';
import { renderApp } from '@/testing/render';

const config = answer(system.config, { body: appConfig });
const token = makeLinkToken('staff-setup');
const setup = answer(staffConsole.getStaffSetup, {
  body: {
    email: 'ada@datafeeds.example',
    role: 'admin',
    totpSecret: 'JBSWY3DPEHPK3PXP',
    otpauthUri: 'otpauth://totp/DataFeeds:ada@datafeeds.example?secret=JBSWY3DPEHPK3PXP&issuer=DataFeeds',
  },
});
const recoveryCodes = Array.from(
  { length: 10 },
  (_, index) => `abcd-efgh-ijkm-${String(index).padStart(4, '0')}`,
);

async function fillSetup(code = '123 456') {
  await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
  await userEvent.type(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), 'secret-password');
  await userEvent.type(screen.getByLabelText(/^6-digit code/, { selector: 'input' }), code);
  await userEvent.click(screen.getByRole('button', { name: 'Set up account' }));
}

describe('console setup link', () => {
  it.each<[StaffSetupProblem, 404 | 410]>([
    ['setup_link_invalid', 404],
    ['setup_link_expired', 410],
    ['setup_link_used', 410],
  ])('explains a %s link', async (problem, status) => {
    mockCalls(
      config,
      answer(staffConsole.getStaffSetup, {
        status,
        body: { error: problem, message: STAFF_SETUP_PROBLEM_MESSAGES[problem] },
      }),
    );
    renderApp(`/console/setup?token=${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_SETUP_PROBLEM_MESSAGES[problem]);
    expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).not.toBeInTheDocument();
  });

  it('says a link without a token is not valid, asking nothing of the server', async () => {
    mockCalls(config);
    renderApp('/console/setup');
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.setupLinkInvalid);
  });

  it('shows the account, the QR code and the secret to enrol', async () => {
    const { callsTo } = mockCalls(config, setup);
    renderApp(`/console/setup?token=${token}`);
    expect(await screen.findByText('ada@datafeeds.example')).toBeInTheDocument();
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toContainHTML('<svg');
    expect(screen.getByLabelText('Authenticator secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(callsTo(staffConsole.getStaffSetup)[0]?.query.get('token')).toBe(token);
  });

  it('states the staff password rule before anything is typed, and checks it with the server’s sentence', async () => {
    const { callsTo } = mockCalls(config, setup);
    renderApp(`/console/setup?token=${token}`);
    await screen.findByText('ada@datafeeds.example');
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(password).toHaveAccessibleDescription('At least 12 characters, and not a common password.');
    // Long enough for a customer, not for staff.
    await fillAndBlur(/^Password/, 'aaaaaa');
    expect(await screen.findByText('A staff password needs at least 12 characters.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(STAFF_MESSAGES.passwordTooShort);
    await userEvent.click(screen.getByRole('button', { name: 'Set up account' }));
    expect(callsTo(staffConsole.completeStaffSetup)).toHaveLength(0);
  });

  it('shows the server’s refusal of a common password under the password field', async () => {
    mockCalls(
      config,
      setup,
      answer(staffConsole.completeStaffSetup, {
        status: 400,
        body: {
          error: 'validation_failed',
          message: passwordTooCommonMessage,
          details: [{ field: 'password', message: passwordTooCommonMessage }],
        },
      }),
    );
    renderApp(`/console/setup?token=${token}`);
    await screen.findByText('ada@datafeeds.example');
    await fillSetup();
    expect(await screen.findByText(passwordTooCommonMessage)).toBeInTheDocument();
  });

  it('requires matching passwords and the 6-digit code', async () => {
    const { callsTo } = mockCalls(config, setup);
    renderApp(`/console/setup?token=${token}`);
    await screen.findByText('ada@datafeeds.example');
    await fillAndBlur(/^Password/, 'secret-password');
    await fillAndBlur(/^Confirm Password/, 'secret-passwort');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await fillAndBlur(/^6-digit code/, '12345');
    expect(await screen.findByText('Enter the 6-digit code of your authenticator app.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up account' }));
    expect(callsTo(staffConsole.completeStaffSetup)).toHaveLength(0);
  });

  it('shows the server’s refusal of a wrong code under the code field', async () => {
    mockCalls(
      config,
      setup,
      answer(staffConsole.completeStaffSetup, {
        status: 400,
        body: {
          error: 'validation_failed',
          message: STAFF_MESSAGES.wrongSetupCode,
          details: [{ field: 'code', message: STAFF_MESSAGES.wrongSetupCode }],
        },
      }),
    );
    renderApp(`/console/setup?token=${token}`);
    await screen.findByText('ada@datafeeds.example');
    await fillSetup();
    expect(await screen.findByText(STAFF_MESSAGES.wrongSetupCode)).toBeInTheDocument();
    expect(screen.getByLabelText(/^6-digit code/, { selector: 'input' })).toHaveAccessibleDescription(
      STAFF_MESSAGES.wrongSetupCode,
    );
  });

  it('sends password and code, then shows the recovery codes once before sign-in', async () => {
    const { callsTo } = mockCalls(
      config,
      setup,
      answer(staffConsole.completeStaffSetup, { body: { recoveryCodes } }),
    );
    const { history } = renderApp(`/console/setup?token=${token}`);
    await screen.findByText('ada@datafeeds.example');
    await fillSetup('123 456');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(callsTo(staffConsole.completeStaffSetup)[0]?.body).toEqual({
      token,
      password: 'secret-password',
      code: '123456',
    });
    const proceed = screen.getByRole('button', { name: 'Continue to sign in' });
    expect(proceed).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await userEvent.click(proceed);
    expect(await screen.findByRole('heading', { level: 1, name: 'Console sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/login');
    await act(() => history.go(-1));
    expect(screen.queryByText(recoveryCodes[0]!)).not.toBeInTheDocument();
  });
});
