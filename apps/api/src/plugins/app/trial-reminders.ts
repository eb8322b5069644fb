// The trial reminder schedule (notices/trial-reminders.ts) on every instance: the database decides which
// instance sends each reminder, so every instance may run it. Built after the services and the mailer
// (it writes through it) and so stopped before them.
import fp from 'fastify-plugin';
import type { Env } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { createTrialReminders, startTrialReminders, type TrialReminders } from './notices/trial-reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trialReminders: TrialReminders;
  }
}

interface TrialRemindersOptions {
  env: Env;
  clock: Clock;
  /** How often each instance looks for due reminders; 0 turns the schedule off. */
  intervalMs: number;
}

export default fp<TrialRemindersOptions>(
  async (app, { env, clock, intervalMs }) => {
    const reminders = createTrialReminders({ db: app.db, clock, mailer: app.mailer, appUrl: env.APP_URL });
    const stop = intervalMs > 0 ? startTrialReminders(reminders, intervalMs, app.log) : undefined;
    app.decorate('trialReminders', reminders);
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'trial-reminders', dependencies: ['database', 'mail', 'services'] },
);
