import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@datafeeds/domain';
import { system, users } from '@datafeeds/domain/calls';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import { appConfig, internalError, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderScreen } from '@/testing/render';
import { REMINDERS_NOT_SAVED, REMINDERS_SAVED } from './email-notifications';

function mockProfileApi(user: User, updateAnswer: DoubleAnswer<typeof users.updateUser>) {
  return mockCalls(
    answer(users.getUser, { body: user }),
    answer(system.config, { body: appConfig }),
    answer(users.updateUser, updateAnswer),
  );
}

async function openProfile() {
  setToken(fakeJwt(900));
  await renderScreen('/profile');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Email notifications' });
  return heading.closest('section') as HTMLElement;
}

async function openReminderSwitch() {
  const section = await openProfile();
  return within(section).getByRole('switch', { name: 'Trial reminders' });
}

describe('email notifications on the profile', () => {
  it('turns trial reminders off on its own, says so, and keeps security notices on', async () => {
    const owner = makeUser({ role: 'owner', trialReminders: true });
    const { callsTo } = mockProfileApi(owner, { body: { ...owner, trialReminders: false } });
    const reminders = await openReminderSwitch();
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleDescription(/7, 3 and 1 days before the free trial ends/);
    expect(reminders).toHaveAccessibleDescription(
      /Security notices \(an API token created, rotated or deleted, or your password changed\) are always sent to you/,
    );

    await userEvent.click(reminders);
    expect(await screen.findByText(REMINDERS_SAVED.off)).toBeInTheDocument();
    expect(callsTo(users.updateUser).map((call) => call.body)).toEqual([{ trialReminders: false }]);
    await waitFor(() => expect(reminders).not.toBeChecked());
    expect(reminders).toBeEnabled();
  });

  it('turns them back on', async () => {
    const admin = makeUser({ role: 'admin', trialReminders: false });
    const { callsTo } = mockProfileApi(admin, { body: { ...admin, trialReminders: true } });
    const reminders = await openReminderSwitch();
    expect(reminders).not.toBeChecked();
    await userEvent.click(reminders);
    expect(await screen.findByText(REMINDERS_SAVED.on)).toBeInTheDocument();
    expect(callsTo(users.updateUser).map((call) => call.body)).toEqual([{ trialReminders: true }]);
    await waitFor(() => expect(reminders).toBeChecked());
  });

  it('tells a member that reminders and token notices go to the owner and admins, not to them', async () => {
    const member = makeUser({ role: 'member' });
    mockProfileApi(member, { body: member });
    const section = await openProfile();
    expect(within(section).queryByRole('switch')).toBeNull();
    expect(section).toHaveTextContent("Trial reminders go to the account's owner and admins only.");
    expect(section).toHaveTextContent(
      'Security notices about API tokens (created, rotated or deleted) go to the owner and admins too: ' +
        'as a member you receive none. You are emailed when your password changes; that notice cannot be ' +
        'turned off.',
    );
  });

  it.each([
    ['paid', 'Trial reminders stop once the account is paid: there are none to turn on or off.'],
    ['suspended', 'No trial reminders are sent while the account is suspended.'],
  ] as const)('a %s company sees no trial reminder switch, and why', async (companyAccountStatus, why) => {
    const owner = makeUser({ role: 'owner', companyAccountStatus });
    mockProfileApi(owner, { body: owner });
    const section = await openProfile();
    expect(within(section).queryByRole('switch')).toBeNull();
    expect(section).toHaveTextContent(why);
    expect(section).toHaveTextContent(/Security notices .* are always sent to you/);
  });

  it('shows the failure and the switch as it was when saving fails', async () => {
    const owner = makeUser({ role: 'owner', trialReminders: true });
    mockProfileApi(owner, internalError);
    const reminders = await openReminderSwitch();
    await userEvent.click(reminders);
    expect(await screen.findByText(REMINDERS_NOT_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(reminders).toBeChecked());
  });
});
