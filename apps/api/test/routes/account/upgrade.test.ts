import { describe, expect, it } from 'vitest';
import { ERROR_CODES, STANDARD_PLAN, TRIAL_DAYS } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, getUser, login, mailbox } from '../../helpers/factories.ts';
import { clientsOf, createdClient, verifiedUser } from '../../helpers/tokens.ts';

const PROVIDER_TEAM = 'sales-team@provider.test';
const clock = testClock(new Date('2026-02-01T09:00:00Z'));
const app = await buildTestApp({ clock, env: { PROVIDER_TEAM_EMAIL: PROVIDER_TEAM } });

const upgrade = (token: string, payload: object = {}) =>
  app.inject({ ...callTo(account.upgradeAccount), headers: bearer(token), payload });
/** Every test company has the same name: tell the requests apart by who asked. */
const upgradeEmails = async (requesterEmail: string) =>
  (await mailbox(app)).filter(
    (message) =>
      message.subject.startsWith('Upgrade request: ') && message.text.includes(`<${requesterEmail}>`),
  );

describe('POST /api/UpgradeAccount', () => {
  it('records one request, emails the provider team once, and answers the same request again', async () => {
    const user = await verifiedUser(app);
    const { companyName, email, firstName } = user.registration;
    const first = await upgrade(user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'requested', requestedAt: clock.now().toISOString() });

    const [message, ...more] = await upgradeEmails(email);
    expect(more).toEqual([]);
    expect(message?.to).toBe(PROVIDER_TEAM);
    expect(message?.subject).toBe(`Upgrade request: ${companyName}`);
    expect(message?.text).toContain(`${companyName} asks to upgrade`);
    expect(message?.text).toContain(`${firstName} Lovelace <${email}>`);
    expect(message?.text).toMatch(/npm run operator -- approve-upgrade [0-9a-f-]{36}/);
    // The console is where the team approves it: the email links the company's page there.
    const companyId = /approve-upgrade ([0-9a-f-]{36})/.exec(message?.text ?? '')?.[1];
    const consoleLink = `${app.env.APP_URL}/console/companies/${companyId}`;
    expect(message?.links).toEqual([consoleLink]);
    expect(message?.text).toContain(`Open the company in the console: ${consoleLink}`);
    expect(message?.html).toContain(`<a href="${consoleLink}">Open the company in the console</a>`);
    expect(message?.text).toContain('It moves to the standard plan; for another, add --plan <name>');

    // Every member sees the request waiting, with its time, until the provider team acts.
    expect((await getUser(app, user.token)).json().upgradeRequestedAt).toBe(clock.now().toISOString());

    clock.advance(60);
    const again = await upgrade(user.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await upgradeEmails(email)).toHaveLength(1);
    // Still a request, not an instant change.
    expect((await getUser(app, user.token)).json().companyAccountStatus).toBe('trial');
  });

  it('keeps one open request when asked many times at once', async () => {
    const user = await verifiedUser(app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upgrade(user.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().requestedAt)).size).toBe(1);
    expect(await upgradeEmails(user.registration.email)).toHaveLength(1);
  });

  it('refuses any field in the body', async () => {
    const user = await verifiedUser(app);
    const response = await upgrade(user.token, { accountStatus: 'paid' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ERROR_CODES.validation);
  });
});

describe('approving an upgrade', () => {
  it('makes the company paid, lifts token expiry, revives expired tokens and reviews new ones', async () => {
    const local = testClock(new Date('2026-03-01T00:00:00Z'));
    const approving = await buildTestApp({ clock: local });
    const user = await verifiedUser(approving);
    const { email, password } = user.registration;
    await createdClient(approving, user.token, { label: 'Before' });
    local.advance((TRIAL_DAYS + 1) * 86_400);
    const token = (await login(approving, email, password)).json<{ token: string }>().token;
    expect((await clientsOf(approving, token))[0]).toMatchObject({ label: 'Before', status: 'expired' });

    const approved = await approving.companyAccount.approveUpgrade(email, STANDARD_PLAN, OPERATOR_CONTEXT);
    expect(approved).toMatchObject({ ok: true, approvedRequests: 0 });
    expect((await getUser(approving, token)).json().companyAccountStatus).toBe('paid');
    expect((await clientsOf(approving, token))[0]).toMatchObject({ status: 'active', expiredAt: null });

    await createdClient(approving, token, { label: 'After' });
    expect((await clientsOf(approving, token))[0]).toMatchObject({
      label: 'After',
      status: 'review',
      inReview: true,
      expiredAt: null,
    });

    const again = await approving.inject({
      ...callTo(account.upgradeAccount),
      headers: bearer(token),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ERROR_CODES.conflict);
  });
});
