// The reminder opt-out (design §9): UpdateUser's `trialReminders` is kept, GetUser answers it, the audit
// log names the field, and the reminder schedule honours it. Security notices have no such switch.
import { describe, expect, it } from 'vitest';
import { users } from '@datafeeds/domain/calls';
import { auditRows } from '../helpers/audit.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { bearer, callTo, getUser, registerUser } from '../helpers/factories.ts';
import { identityIdOf } from '../helpers/team.ts';

const clock = testClock(new Date('2026-05-04T12:00:00.000Z'));
const app = await buildTestApp({ clock });

const setReminders = (token: string, trialReminders: unknown) =>
  app.inject({ ...callTo(users.updateUser), headers: bearer(token), payload: { trialReminders } });

describe('trial reminders opt-out', () => {
  it('is on for a new user, kept when turned off and on, and audited by name', async () => {
    const user = await registerUser(app);
    expect((await getUser(app, user.token)).json()).toMatchObject({ trialReminders: true });

    const off = await setReminders(user.token, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ trialReminders: false });
    expect((await getUser(app, user.token)).json()).toMatchObject({ trialReminders: false });

    const identityId = await identityIdOf(app, user);
    const changes = (await auditRows(app)).filter(
      (row) => row.kind === 'profile.changed' && row.actorId === identityId,
    );
    expect(changes.map((row) => row.detail)).toEqual([{ fields: ['trialReminders'] }]);

    expect((await setReminders(user.token, true)).json()).toMatchObject({ trialReminders: true });
  });

  it('refuses a value that is not a boolean', async () => {
    const user = await registerUser(app);
    const response = await setReminders(user.token, 'no');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('an owner who turned reminders off gets none; one who did not, gets them', async () => {
    const quiet = await registerUser(app);
    const loud = await registerUser(app);
    await setReminders(quiet.token, false);
    const trialEndsAt = new Date(
      (await getUser(app, loud.token)).json<{ trialEndsAt: string }>().trialEndsAt,
    );
    clock.set(new Date(trialEndsAt.getTime() - 7 * 86_400_000));
    await app.trialReminders.run();
    const to = async (email: string) =>
      (await app.mailer.outbox()).filter(
        (message) => message.to === email.toLowerCase() && /trial ends/.test(message.subject),
      );
    expect(await to(quiet.registration.email)).toEqual([]);
    expect(await to(loud.registration.email)).toHaveLength(1);
  });
});
