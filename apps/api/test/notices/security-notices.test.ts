// Security notices (design §9): a credential created, rotated or deleted reaches the company's owner and
// admins (not its members), naming who, when and which token but never a secret; a password change
// reaches only the person whose password it is. Read from the outbox and, once, from a real SMTP server.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ClientCredentials } from '@datafeeds/domain';
import { auth, users } from '@datafeeds/domain/calls';
import { transaction } from '../../src/db/transaction.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import {
  bearer,
  callTo,
  latestEmail,
  linkParam,
  registerUser,
  strongPassword,
  type MailboxMessage,
  type SignedIn,
} from '../helpers/factories.ts';
import { lazy } from '../helpers/lazy.ts';
import { decodeQuotedPrintable, startSmtpServer } from '../helpers/smtp.ts';
import { invitedMember, teammate } from '../helpers/team.ts';
import { createdClient, deleteClient, rotateClient } from '../helpers/tokens.ts';

const app = await buildTestApp();

const notices = async (person: SignedIn, subject: RegExp): Promise<MailboxMessage[]> =>
  (await app.mailer.outbox()).filter(
    (message) => message.to === person.registration.email.toLowerCase() && subject.test(message.subject),
  );

/** Every secret a test saw must appear in no email at all. */
async function expectNoSecretIn(secrets: readonly string[]): Promise<void> {
  const messages = await app.mailer.outbox();
  for (const secret of secrets) {
    for (const message of messages) expect(`${message.text}${message.html}`).not.toContain(secret);
  }
}

const team = lazy(async () => {
  const owner = await registerUser(app, { firstName: 'Olivia' });
  const admin = await teammate(app, owner, 'admin', { trialReminders: false, firstName: 'Adam' });
  const member = await teammate(app, owner, 'member', { firstName: 'Mia' });
  return { owner, admin, member };
});

const ending = (clientId: string) => `…${clientId.slice(-5)}`;

describe('credential notices', () => {
  it('a token created by a member is told to the owner and admins, naming who, when and which token', async () => {
    const { owner, admin, member } = await team();
    const created = await createdClient(app, member.token, { label: 'Member widget' });
    for (const person of [owner, admin]) {
      const [notice, ...more] = await notices(person, /API token created/);
      expect(more).toEqual([]);
      expect(notice?.text).toContain('"Member widget"');
      expect(notice?.text).toContain(ending(created.clientId));
      expect(notice?.text).toContain(`Mia ${member.registration.lastName}`);
      expect(notice?.text).toContain(member.registration.email);
      expect(notice?.text).toMatch(/on \d{1,2} \w+ \d{4} at \d\d:\d\d UTC/);
      expect(notice?.html).toContain('&quot;Member widget&quot;');
    }
    expect(await notices(member, /Security notice/)).toEqual([]);
    await expectNoSecretIn([created.clientSecret]);
  });

  it('a rotation and a deletion are told with the old and new client ID ends, and no secret', async () => {
    const { owner, admin, member } = await team();
    const first = await createdClient(app, owner.token, { label: 'Rotating feed' });
    const rotation = await rotateClient(app, admin.token, first.clientId);
    expect(rotation.statusCode, rotation.body).toBe(200);
    const second = rotation.json<ClientCredentials>();
    for (const person of [owner, admin]) {
      const [notice, ...more] = await notices(person, /API token rotated/);
      expect(more).toEqual([]);
      expect(notice?.text).toContain(`"Rotating feed" (client ID ending ${ending(first.clientId)})`);
      expect(notice?.text).toContain(`new client ID ends ${ending(second.clientId)}`);
      expect(notice?.text).toContain('The old secret stopped working at once.');
      expect(notice?.text).toContain(`Adam ${admin.registration.lastName}`);
    }
    expect((await deleteClient(app, admin.token, second.clientId)).statusCode).toBe(204);
    for (const person of [owner, admin]) {
      const deleted = await notices(person, /API token deleted/);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]?.text).toContain(ending(second.clientId));
      // A deleted token cannot be rotated or deleted again: the advice fits what is left to do.
      expect(deleted[0]?.text).not.toContain('rotate or delete the token');
      expect(deleted[0]?.text).toContain(
        'If you do not recognise this change, check the Activity page for who else acted, and create a ' +
          'new token where this one was still in use: a deleted token cannot be brought back.',
      );
    }
    expect(await notices(member, /Security notice/)).toEqual([]);
    await expectNoSecretIn([first.clientSecret, second.clientSecret]);
  });

  it('links to the Activity page of the portal, and names people as the app does', async () => {
    const { owner } = await team();
    const lowercase = await invitedMember(app, owner.token, 'admin', {
      firstName: 'olivia',
      lastName: 'mason',
    });
    const created = await createdClient(app, lowercase.token, { label: 'Linked widget' });
    const [notice] = (await notices(owner, /API token created/)).filter((message) =>
      message.text.includes('"Linked widget"'),
    );
    const activity = `${app.env.APP_URL}/activity`;
    expect(notice?.links).toEqual([activity]);
    expect(notice?.text).toContain(`Open the Activity page: ${activity}`);
    expect(notice?.html).toContain(`<a href="${activity}">`);
    expect(notice?.text).toContain(`by Olivia Mason <${lowercase.email}>`);
    expect(notice?.text).toContain('rotate or delete the token');
    await expectNoSecretIn([created.clientSecret]);
  });

  it('a rotation with a grace period says until when the old secret keeps working', async () => {
    const { owner } = await team();
    const { clientId } = await createdClient(app, owner.token, { label: 'Graceful feed' });
    const rotation = await rotateClient(app, owner.token, clientId, '24h');
    expect(rotation.statusCode, rotation.body).toBe(200);
    const [notice] = (await notices(owner, /API token rotated/)).filter((message) =>
      message.text.includes('"Graceful feed"'),
    );
    expect(notice?.text).toMatch(/The old secret keeps working until .*\d{4}.*\d\d:\d\d UTC/);
    expect(notice?.text).not.toContain('stopped working at once');
  });

  it('a rotation that cuts an old secret still in its grace period says so', async () => {
    const { owner } = await team();
    const first = await createdClient(app, owner.token, { label: 'Twice rotated feed' });
    const second = (await rotateClient(app, owner.token, first.clientId, '24h')).json<ClientCredentials>();
    const third = await rotateClient(app, owner.token, second.clientId, '1h');
    expect(third.statusCode, third.body).toBe(200);
    const [notice, ...more] = (await notices(owner, /API token rotated/)).filter((message) =>
      message.text.includes(`client ID ending ${ending(second.clientId)})`),
    );
    expect(more).toEqual([]);
    expect(notice?.text).toContain(
      `The secret of client ID ending ${ending(first.clientId)}, which an earlier rotation had kept working for a grace period, stopped working at once.`,
    );
    const [earlier] = (await notices(owner, /API token rotated/)).filter((message) =>
      message.text.includes(`client ID ending ${ending(first.clientId)})`),
    );
    expect(earlier?.text).not.toContain('earlier rotation');
  });

  it('a refused or unknown change sends nothing', async () => {
    const { owner, member } = await team();
    const before = (await app.mailer.outbox()).length;
    const { clientId } = await createdClient(app, owner.token);
    const afterCreate = (await app.mailer.outbox()).length;
    expect((await deleteClient(app, member.token, clientId)).statusCode).toBe(403);
    expect((await rotateClient(app, owner.token, 'dfc_unknown000000000000000')).statusCode).toBe(404);
    expect((await app.mailer.outbox()).length).toBe(afterCreate);
    expect(afterCreate).toBeGreaterThan(before);
  });
});

describe('password notices', () => {
  it('a password changed on the profile is told to that person only', async () => {
    const { owner, admin, member } = await team();
    const response = await app.inject({
      ...callTo(users.updateUser),
      headers: bearer(member.token),
      payload: { currentPassword: member.registration.password, newPassword: strongPassword() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [notice, ...more] = await notices(member, /password was changed/);
    expect(more).toEqual([]);
    expect(notice?.text).toContain('on the Profile page');
    expect(notice?.links).toEqual([`${app.env.APP_URL}/forgot-password`]);
    for (const person of [owner, admin]) expect(await notices(person, /password was changed/)).toEqual([]);
  });

  it('a wrong current password changes nothing and tells nobody', async () => {
    const user = await registerUser(app);
    const response = await app.inject({
      ...callTo(users.updateUser),
      headers: bearer(user.token),
      payload: { currentPassword: 'not-the-password', newPassword: strongPassword() },
    });
    expect(response.statusCode).toBe(400);
    expect(await notices(user, /password was changed/)).toEqual([]);
  });

  it('a password reset is told to that person', async () => {
    const user = await registerUser(app);
    await app.inject({ ...callTo(auth.forgotPassword), payload: { email: user.registration.email } });
    const link = await latestEmail(app, user.registration.email, /Reset/);
    const response = await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken: linkParam(link, 'resetToken'), password: strongPassword() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [notice, ...more] = await notices(user, /password was changed/);
    expect(more).toEqual([]);
    expect(notice?.text).toContain('with a password reset link');
  });
});

describe('an email in a caller’s transaction', () => {
  const message = (subject: string) => ({
    to: 'tx@example.com',
    subject,
    text: 'body',
    html: '<p>body</p>',
    links: [],
  });

  it('is stored when the transaction commits, and never when it rolls back', async () => {
    await transaction(app.db, (tx) => app.mailer.send(message('committed'), tx));
    await expect(
      transaction(app.db, async (tx) => {
        await app.mailer.send(message('rolled back'), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const subjects = (await app.mailer.outbox())
      .filter((stored) => stored.to === 'tx@example.com')
      .map((stored) => stored.subject);
    expect(subjects).toEqual(['committed']);
  });
});

describe('with SMTP', () => {
  it('a notice written in the change’s transaction is delivered once it commits', async () => {
    const smtp = await startSmtpServer();
    let smtpApp: FastifyInstance | undefined;
    try {
      smtpApp = await buildTestApp({ env: { SMTP_URL: smtp.url } });
      const owner = await registerUser(smtpApp);
      const { clientId, clientSecret } = await createdClient(smtpApp, owner.token, { label: 'Mailed' });
      const email = owner.registration.email.toLowerCase();
      const mail = await vi.waitFor(() => {
        const found = smtp.received.find(
          (message) => message.to.includes(email) && message.raw.includes('API token created'),
        );
        if (!found) throw new Error('no notice received yet');
        return found;
      });
      const body = decodeQuotedPrintable(mail.raw);
      // Quoted-printable keeps the ellipsis as UTF-8 bytes: look for the characters after it.
      expect(body).toContain(clientId.slice(-5));
      expect(body).not.toContain(clientId.slice(0, -5));
      expect(body).not.toContain(clientSecret);
    } finally {
      await smtpApp?.close();
      await smtp.close();
    }
  });
});
