// Profile's "Email notifications" (design §9 "Emails", §10 "Quota emails"), written once for the screen
// and its tests: one switch turns off both the trial reminders and the quota emails, sent at 80 % and
// 100 % of a day's quota on a plan that has one. The spec's own messages stay in messages.ts.
export const NOTIFICATION_TEXTS = {
  switchLabel: 'Trial reminders and quota emails',
  saved: { on: 'Trial reminders and quota emails are on.', off: 'Trial reminders and quota emails are off.' },
  notSaved: 'Your choice of trial reminders and quota emails could not be saved. Please try again.',
  trialNote:
    'Emails 7, 3 and 1 days before the free trial ends and when it ends, with a link to upgrade, and ' +
    "when your company has used 80 % and 100 % of a day's request quota.",
  quotaNote:
    "Emails when your company has used 80 % and 100 % of a day's request quota. Trial reminders stopped " +
    'once the account was paid.',
  paidUnlimited:
    'Trial reminders stop once the account is paid, and your plan has no daily quota to warn about: ' +
    'there are no reminders or quota emails to turn on or off.',
  suspended: 'No trial reminders or quota emails are sent while the account is suspended.',
  member:
    "Trial reminders go to the account's owner and admins only. So do the emails at 80 % and 100 % of " +
    "a day's request quota.",
} as const;
