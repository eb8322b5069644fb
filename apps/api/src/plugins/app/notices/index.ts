// The notices module (design §4, §10, §11): what the portal tells people by email on its own — security
// notices (a password changed, a token created), account notices (a suspension, a reinstatement, an
// approved upgrade…), the quota emails, which listen to the usage batches, and the trial reminders, sent
// on a schedule by every instance (the database decides which instance sends each).
import fp from 'fastify-plugin';
import { createAccountNotices, type AccountNotices } from './account-notices.ts';
import { createQuotaNotices } from './quota-notices.ts';
import { createSecurityNotices, type SecurityNotices } from './security-notices.ts';
import { createTrialReminders, startTrialReminders, type TrialReminders } from './trial-reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    securityNotices: SecurityNotices;
    accountNotices: AccountNotices;
    trialReminders: TrialReminders;
  }
}

interface NoticesOptions {
  /** How often each instance looks for due trial reminders; 0 turns the schedule off. */
  trialRemindersMs: number;
}

export default fp<NoticesOptions>(
  async (app, { trialRemindersMs }) => {
    const { db, env, clock, mailer } = app;
    const appUrl = env.APP_URL;
    const quotaNotices = createQuotaNotices({ clock, mailer, appUrl, log: app.log });
    app.usageStore.onFlush((counts) => quotaNotices.checkAfter(counts));
    app.decorate('securityNotices', createSecurityNotices({ clock, mailer, appUrl }));
    app.decorate(
      'accountNotices',
      createAccountNotices({ mailer, appUrl, contact: env.PROVIDER_TEAM_EMAIL }),
    );
    const reminders = createTrialReminders({ db, clock, mailer, appUrl });
    const stop = trialRemindersMs > 0 ? startTrialReminders(reminders, trialRemindersMs, app.log) : undefined;
    app.decorate('trialReminders', reminders);
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'notices', dependencies: ['database', 'mail', 'usage'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { SecurityNotices } from './security-notices.ts';
export type { AccountNotices } from './account-notices.ts';
export {
  REMINDER_STAGES,
  type ReminderNow,
  type ReminderStage,
  type TrialReminders,
} from './trial-reminders.ts';
