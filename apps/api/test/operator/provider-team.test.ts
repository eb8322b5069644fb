import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';
import { runOperatorCommand, USAGE } from '../../src/operator/commands.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { bearer, callTo, getUser, login } from '../helpers/factories.ts';
import { clientsOf, createdClient, verifiedUser } from '../helpers/tokens.ts';

const clock = testClock(new Date('2026-04-01T00:00:00Z'));
const app = await buildTestApp({ clock });
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });

describe('operator commands', () => {
  it('approve-upgrade by email or company id closes the open request', async () => {
    const user = await verifiedUser(app);
    await app.inject({ ...callTo(account.upgradeAccount), headers: bearer(user.token), payload: {} });
    const before = await operator('list-reviews');
    expect(before.output).toContain(`${user.registration.companyName} (`);
    expect(before.output).toContain(`asked by ${user.registration.email}`);

    const result = await operator('approve-upgrade', user.registration.email.toUpperCase());
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(
      /now has a paid account on the standard plan \(was trial\); 1 open upgrade request approved/,
    );
    const after = (await getUser(app, user.token)).json();
    expect(after.companyAccountStatus).toBe('paid');
    // The request is no longer waiting: the app stops saying "Upgrade requested on …".
    expect(after.upgradeRequestedAt).toBeNull();
    expect((await operator('list-reviews')).output).not.toContain(`asked by ${user.registration.email}`);

    // A paid company's new token waits for review; the team's explicit status ends the review.
    const { clientId } = await createdClient(app, user.token, { label: 'Reviewed' });
    expect((await operator('list-reviews')).output).toContain(`${clientId}  "Reviewed"`);
    await operator('set-token-status', clientId, 'active');
    expect((await clientsOf(app, user.token))[0]).toMatchObject({ status: 'active', inReview: false });
    expect((await operator('list-reviews')).output).not.toContain(clientId);

    expect(await operator('approve-upgrade', 'nobody@example.com')).toEqual({
      ok: false,
      output: 'No company found for nobody@example.com.',
    });
  });

  it('set-token-status changes a status and refuses an unknown one', async () => {
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token, { label: 'Switched' });
    expect(await operator('set-token-status', clientId, 'inactive')).toEqual({
      ok: true,
      output: `Token "Switched" (${clientId}) is now Inactive.`,
    });
    expect((await clientsOf(app, user.token))[0]?.status).toBe('inactive');
    const unknown = await operator('set-token-status', clientId, 'frozen');
    expect(unknown.ok).toBe(false);
    expect(unknown.output).toContain('Use one of: active, pending, review, expired, inactive.');
    expect((await operator('set-token-status', 'dfc_missing', 'active')).ok).toBe(false);
  });

  it('extend-trial moves the trial end and the expiry of its tokens', async () => {
    const user = await verifiedUser(app);
    await createdClient(app, user.token);
    const trialEndsAt = new Date((await getUser(app, user.token)).json().trialEndsAt as string);
    const result = await operator('extend-trial', user.registration.email, '14');
    const expected = new Date(trialEndsAt.getTime() + 14 * 86_400_000).toISOString();
    expect(result).toEqual({
      ok: true,
      output: `The trial of ${user.registration.companyName} now ends ${expected}; its tokens follow.`,
    });
    clock.advance((TRIAL_DAYS + 1) * 86_400);
    const token = (await login(app, user.registration.email, user.registration.password)).json().token;
    expect((await clientsOf(app, token))[0]).toMatchObject({ status: 'active', expiredAt: expected });
    expect((await getUser(app, token)).json().trialEndsAt).toBe(expected);

    for (const days of ['0', '-3', '1.5', 'ten', '366']) {
      expect((await operator('extend-trial', user.registration.email, days)).ok, days).toBe(false);
    }
  });

  it('answers the usage for an unknown command or missing arguments', async () => {
    expect(await operator('drop-everything')).toEqual({ ok: false, output: USAGE });
    expect(await operator('approve-upgrade')).toEqual({ ok: false, output: USAGE });
  });
  it('reinstate-company without a status returns a paid company to paid, as the console does', async () => {
    const user = await verifiedUser(app);
    const { email } = user.registration;
    expect((await operator('approve-upgrade', email)).ok).toBe(true);
    expect((await operator('suspend-company', email)).ok).toBe(true);
    const reinstated = await operator('reinstate-company', email);
    expect(reinstated).toEqual({
      ok: true,
      output: expect.stringMatching(/is reinstated on a paid account\.$/),
    });
    expect((await getUser(app, user.token)).json()).toMatchObject({
      companyAccountStatus: 'paid',
      suspension: null,
    });
    expect((await operator('reinstate-company', email, 'free')).output).toBe(
      'Reinstate to "trial" or "paid", not "free".',
    );
    expect((await operator('reinstate-company', email, 'paid', 'extra')).output).toBe(USAGE);
  });
});
