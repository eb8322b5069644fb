import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, type Quota, type User } from '@datafeeds/domain';
import { account, system, users } from '@datafeeds/domain/calls';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import { appConfig, internalError, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderScreen } from '@/testing/render';

const TRIAL_PLAN = { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 };

function mockProfileApi(
  user: User,
  updateAnswer: DoubleAnswer<typeof users.updateUser>,
  quota: Quota = makeQuota({ plan: TRIAL_PLAN }),
) {
  return mockCalls(
    answer(users.getUser, { body: user }),
    answer(system.config, { body: appConfig }),
    answer(account.getQuota, { body: quota }),
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
  return within(section).getByRole('switch', { name: 'Trial reminders and quota emails' });
}

describe('email notifications on the profile', () => {
  it('turns trial reminders off on its own, says so, and keeps security notices on', async () => {
    const owner = makeUser({ role: 'owner', trialReminders: true });
    const { callsTo } = mockProfileApi(owner, { body: { ...owner, trialReminders: false } });
    const reminders = await openReminderSwitch();
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleDescription(/7, 3 and 1 days before the free trial ends/);
    expect(reminders).toHaveAccessibleDescription(/80 % and 100 % of a day's request quota/);
    expect(reminders).toHaveAccessibleDescription(
      /Security notices \(an API token created, rotated or deleted, or your password changed\) are always sent to you/,
    );

    await userEvent.click(reminders);
    expect(await screen.findByText(NOTIFICATION_TEXTS.saved.off)).toBeInTheDocument();
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
    expect(await screen.findByText(NOTIFICATION_TEXTS.saved.on)).toBeInTheDocument();
    expect(callsTo(users.updateUser).map((call) => call.body)).toEqual([{ trialReminders: true }]);
    await waitFor(() => expect(reminders).toBeChecked());
  });

  it('tells a member that reminders and token notices go to the owner and admins, not to them', async () => {
    const member = makeUser({ role: 'member' });
    mockProfileApi(member, { body: member });
    const section = await openProfile();
    expect(within(section).queryByRole('switch')).toBeNull();
    expect(section).toHaveTextContent(
      "Trial reminders go to the account's owner and admins only. So do the emails at 80 % and 100 % of " +
        "a day's request quota.",
    );
    expect(section).toHaveTextContent(
      'Security notices about API tokens (created, rotated or deleted) go to the owner and admins too: ' +
        'as a member you receive none. You are emailed when your password changes; that notice cannot be ' +
        'turned off.',
    );
  });

  it('offers a paid company whose plan has a daily quota the switch, for its quota emails', async () => {
    const owner = makeUser({ role: 'owner', companyAccountStatus: 'paid', trialReminders: true });
    const { callsTo } = mockProfileApi(
      owner,
      { body: { ...owner, trialReminders: false } },
      makeQuota({ plan: { name: 'pro-5k', dailyQuota: 5000, ratePerSecond: 50 } }),
    );
    const reminders = await openReminderSwitch();
    expect(reminders).toHaveAccessibleDescription(/80 % and 100 % of a day's request quota/);
    expect(reminders).not.toHaveAccessibleDescription(/before the free trial ends/);
    expect(screen.queryByText(/there are no/)).not.toBeInTheDocument();
    await userEvent.click(reminders);
    expect(await screen.findByText(NOTIFICATION_TEXTS.saved.off)).toBeInTheDocument();
    expect(callsTo(users.updateUser).map((call) => call.body)).toEqual([{ trialReminders: false }]);
  });

  it.each([
    [
      'paid',
      { name: 'standard', dailyQuota: null, ratePerSecond: 50 },
      'Trial reminders stop once the account is paid, and your plan has no daily quota to warn about: ' +
        'there are no reminders or quota emails to turn on or off.',
    ],
    ['suspended', TRIAL_PLAN, 'No trial reminders or quota emails are sent while the account is suspended.'],
  ] as const)('a %s company sees no switch, and why', async (companyAccountStatus, plan, why) => {
    const owner = makeUser({ role: 'owner', companyAccountStatus });
    mockProfileApi(owner, { body: owner }, makeQuota({ plan }));
    const section = await openProfile();
    expect(await within(section).findByText(why)).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).toBeNull();
    expect(section).toHaveTextContent(/Security notices .* are always sent to you/);
  });

  it('shows the failure and the switch as it was when saving fails', async () => {
    const owner = makeUser({ role: 'owner', trialReminders: true });
    mockProfileApi(owner, internalError);
    const reminders = await openReminderSwitch();
    await userEvent.click(reminders);
    expect(await screen.findByText(NOTIFICATION_TEXTS.notSaved)).toBeInTheDocument();
    await waitFor(() => expect(reminders).toBeChecked());
  });
});
