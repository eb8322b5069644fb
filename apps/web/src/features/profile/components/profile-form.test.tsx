import {
  ERROR_CODES,
  MESSAGES,
  passwordTooCommonMessage,
  wrongPasswordMessage,
  type ErrorResponse,
} from '@datafeeds/domain';
import { account, system, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startAnalytics } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { googleAnalyticsEventName } from '@/lib/analytics/google-analytics-sink';
import { getToken, setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import { fillAndBlur } from '@/testing/form';
import { appConfig, internalError, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderScreen } from '@/testing/render';
import { NOTHING_CHANGED_MESSAGE } from './profile-form';

const user = makeUser({ firstName: 'Ada', lastName: 'Lovelace', companyName: 'Engines Ltd' });

function mockProfileApi(updateAnswer: DoubleAnswer<typeof users.updateUser> = { body: user }) {
  return mockCalls(
    answer(users.getUser, { body: user }),
    answer(system.config, { body: appConfig }),
    // The page's email notifications read the plan's quota.
    answer(account.getQuota, { body: makeQuota() }),
    answer(users.updateUser, updateAnswer),
  );
}

async function openProfile() {
  setToken(fakeJwt(900));
  await renderScreen('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Manage Profile' });
  await screen.findByLabelText(/First Name/, { selector: 'input' });
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

/** Analytics on, with an empty gtag.js queue to read the events from. */
async function startGoogleAnalytics() {
  delete window.dataLayer;
  delete window.gtag;
  await startAnalytics({ googleAnalytics: { measurementId: 'G-TEST12345' } });
}

/** The properties of every profile-update event gtag.js was given. */
function profileUpdateEvents(): unknown[] {
  const name = googleAnalyticsEventName(EVENTS.completedProfileUpdate);
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, event]) => command === 'event' && event === name)
    .map(([, , properties]) => properties);
}

describe('profile form', () => {
  it('shows the user’s details, with the email read-only', async () => {
    mockProfileApi();
    await openProfile();
    expect(field(/First Name/)).toHaveValue('Ada');
    expect(field(/Company Name/)).toHaveValue('Engines Ltd');
    expect(field(/^Email/)).toHaveValue('ada@example.com');
    expect(field(/^Email/)).toHaveAttribute('readonly');
    // It shows it is not for typing in: a lock, and the reason under it.
    expect(screen.getByRole('img', { name: 'Read-only' })).toBeInTheDocument();
    expect(screen.getByText('Your sign-in email cannot be changed here.')).toBeInTheDocument();
  });

  it('shows the validation messages when leaving a field', async () => {
    mockProfileApi();
    await openProfile();
    await fillAndBlur(/First Name/, 'A');
    expect(
      await screen.findByText('First Name length must be at least 2 characters long'),
    ).toBeInTheDocument();
    await fillAndBlur(/^New Password/, '123');
    expect(
      await screen.findByText('New Password length must be at least 6 characters long'),
    ).toBeInTheDocument();
  });

  it('asks for the current password when a new one is given', async () => {
    const { callsTo } = mockProfileApi();
    await openProfile();
    await userEvent.type(field(/^New Password/), 'new-secret');
    await userEvent.type(field(/^Confirm Password/), 'new-secret');
    await save();
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(callsTo(users.updateUser)).toHaveLength(0);
  });

  it('asks for a new password when only the current one is given', async () => {
    mockProfileApi();
    await openProfile();
    await userEvent.type(field(/^Current Password/), 'old-secret');
    await save();
    expect(await screen.findByText(MESSAGES.newPasswordRequired)).toBeInTheDocument();
  });

  it('sends nothing when nothing changed, and says so', async () => {
    const { callsTo } = mockProfileApi();
    await openProfile();
    await save();
    expect(await screen.findByText(NOTHING_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(callsTo(users.updateUser)).toHaveLength(0);
  });

  it('sends only the changed fields and confirms with a snackbar', async () => {
    const { callsTo } = mockProfileApi({ body: { ...user, companyName: 'Analytical Engines' } });
    await openProfile();
    await userEvent.clear(field(/Company Name/));
    await userEvent.type(field(/Company Name/), 'Analytical Engines');
    await save();
    expect(await screen.findByText(MESSAGES.profileSuccess)).toBeInTheDocument();
    expect(callsTo(users.updateUser).map((call) => call.body)).toEqual([
      { companyName: 'Analytical Engines' },
    ]);
  });

  it('sends a password change, keeps this session and tells analytics the password changed', async () => {
    await startGoogleAnalytics();
    const { callsTo } = mockProfileApi({ body: user });
    await openProfile();
    const sessionToken = getToken();
    await userEvent.type(field(/^Current Password/), 'old-secret');
    await userEvent.type(field(/^New Password/), 'new-secret');
    await userEvent.type(field(/^Confirm Password/), 'new-secret');
    await save();
    expect(await screen.findByText(MESSAGES.profileSuccess)).toBeInTheDocument();
    expect(callsTo(users.updateUser)[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(getToken()).toBe(sessionToken);
    expect(field(/^Current Password/)).toHaveValue('');
    expect(profileUpdateEvents()).toEqual([expect.objectContaining({ changedPassword: true })]);
  });

  it('tells analytics no password changed when only a name changed', async () => {
    await startGoogleAnalytics();
    mockProfileApi({ body: { ...user, companyName: 'Analytical Engines' } });
    await openProfile();
    await userEvent.clear(field(/Company Name/));
    await userEvent.type(field(/Company Name/), 'Analytical Engines');
    await save();
    expect(await screen.findByText(MESSAGES.profileSuccess)).toBeInTheDocument();
    expect(profileUpdateEvents()).toEqual([expect.objectContaining({ changedPassword: false })]);
  });

  it('shows the server’s message on the current-password field when it is wrong', async () => {
    mockProfileApi({
      status: 400,
      body: {
        error: ERROR_CODES.wrongPassword,
        message: wrongPasswordMessage,
        details: [{ field: 'currentPassword', message: wrongPasswordMessage }],
      },
    });
    await openProfile();
    await userEvent.type(field(/^Current Password/), 'old-secret');
    await userEvent.type(field(/^New Password/), 'new-secret');
    await userEvent.type(field(/^Confirm Password/), 'new-secret');
    await save();
    expect(await screen.findByText(wrongPasswordMessage)).toBeInTheDocument();
    expect(field(/^Current Password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal of a common password under the new-password field', async () => {
    const refusal: ErrorResponse = {
      error: ERROR_CODES.validation,
      message: passwordTooCommonMessage,
      details: [{ field: 'newPassword', message: passwordTooCommonMessage }],
    };
    mockProfileApi({ status: 400, body: refusal });
    await openProfile();
    await userEvent.type(field(/^Current Password/), 'old-secret');
    await userEvent.type(field(/^New Password/), 'new-secret');
    await userEvent.type(field(/^Confirm Password/), 'new-secret');
    await save();
    await waitFor(() => expect(field(/^New Password/)).toHaveAccessibleDescription(passwordTooCommonMessage));
    expect(field(/^New Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Current Password/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('dialog', { name: MESSAGES.profileFailedTitle })).not.toBeInTheDocument();
  });

  it('shows the failure dialog when saving fails', async () => {
    mockProfileApi(internalError);
    await openProfile();
    await userEvent.clear(field(/Last Name/));
    await userEvent.type(field(/Last Name/), 'Byron');
    await save();
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.profileFailedTitle });
    expect(within(dialog).getByText(MESSAGES.profileFailed)).toBeInTheDocument();
  });
});
