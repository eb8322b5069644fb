// Each audited action leaves its row (design §8 "Audit log"): kind, actor, company, address, user agent
// and a detail of names and ids. The last test scans every row for each secret the file handled.
import { describe, expect, it } from 'vitest';
import type { AuditEventKind, ClientCredentials } from '@datafeeds/domain';
import { account, auth, tokens, users, type CallDefinition } from '@datafeeds/domain/calls';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { REFRESH_COOKIE } from '../../../src/lib/session-cookies.ts';
import { ORIGIN, auditRows, companyIdOf, fromOrigin } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import {
  bearer,
  callTo,
  latestEmail,
  linkParam,
  mailbox,
  refreshCookieOf,
  registerUser,
  strongPassword,
  type SignedIn,
} from '../../helpers/factories.ts';
import { tokenRequest } from '../../helpers/tokens.ts';

const app = await buildTestApp();
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });

/** Every secret, token and password this file sees: none may be in an audit row. */
const secrets = new Set<string>();
function keep<T extends string>(secret: T): T {
  secrets.add(secret);
  return secret;
}

async function newUser(): Promise<SignedIn & { companyId: string }> {
  const user = await registerUser(app);
  keep(user.token);
  keep(user.refreshCookie);
  keep(user.registration.password);
  return { ...user, companyId: await companyIdOf(app, user.registration.email) };
}

const call = (contract: CallDefinition, token?: string, payload?: object) =>
  app.inject(
    fromOrigin({
      ...callTo(contract),
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    }),
  );

async function signIn(email: string, password: string) {
  const response = await call(auth.login, undefined, { email, password });
  if (response.statusCode === 200) {
    keep(response.json<{ token: string }>().token);
    keep(refreshCookieOf(response));
  }
  return response;
}

/** The one row of `kind` written since `since` (a seq), or a failed expectation. */
async function onlyEvent(kind: AuditEventKind, since: number) {
  const rows = (await auditRows(app)).filter((row) => row.kind === kind && row.seq > since);
  expect(rows, `one ${kind} event`).toHaveLength(1);
  return rows[0]!;
}

const lastSeq = async () => (await auditRows(app)).at(-1)?.seq ?? 0;

/** A person's own action, from ORIGIN. */
const byUser = (user: { companyId: string; registration: { email: string } }) => ({
  companyId: user.companyId,
  actorKind: 'user',
  actorEmail: user.registration.email.toLowerCase(),
  ipAddress: ORIGIN.ip,
  userAgent: ORIGIN.userAgent,
});
const byOperator = {
  actorKind: 'operator',
  actorId: null,
  actorEmail: null,
  ipAddress: null,
  userAgent: null,
};

describe('the audit log records', () => {
  it('sign-in success and failure (with the email tried), refresh-token reuse and sign-out', async () => {
    const user = await newUser();
    const { email, password } = user.registration;
    let since = await lastSeq();

    const wrong = keep(strongPassword());
    expect((await signIn(email.toUpperCase(), wrong)).statusCode).toBe(401);
    expect(await onlyEvent('sign_in.failed', since)).toMatchObject({
      ...byUser(user),
      actorEmail: email.toUpperCase(),
      detail: { reason: 'wrong_password' },
    });

    since = await lastSeq();
    const stranger = `nobody.${Date.now()}@example.com`;
    expect((await signIn(stranger, wrong)).statusCode).toBe(401);
    expect(await onlyEvent('sign_in.failed', since)).toMatchObject({
      companyId: null,
      actorKind: 'user',
      actorId: null,
      actorEmail: stranger,
      ipAddress: ORIGIN.ip,
      detail: { reason: 'unknown_email' },
    });

    since = await lastSeq();
    const signedIn = await signIn(email, password);
    expect(signedIn.statusCode).toBe(200);
    expect(await onlyEvent('sign_in.succeeded', since)).toMatchObject(byUser(user));

    since = await lastSeq();
    const cookie = refreshCookieOf(signedIn);
    const refreshWith = () =>
      app.inject(fromOrigin({ ...callTo(auth.refresh), cookies: { [REFRESH_COOKIE]: cookie } }));
    const first = await refreshWith();
    expect(first.statusCode).toBe(200);
    keep(first.json<{ token: string }>().token);
    keep(refreshCookieOf(first));
    expect((await auditRows(app)).filter((row) => row.seq > since)).toEqual([]);
    expect((await refreshWith()).statusCode).toBe(401);
    expect(await onlyEvent('refresh_token.reuse_detected', since)).toMatchObject(byUser(user));

    since = await lastSeq();
    expect((await call(auth.logout, user.token)).statusCode).toBe(204);
    expect(await onlyEvent('sign_out', since)).toMatchObject(byUser(user));
    // Signing out of an ended session changes nothing and records nothing.
    expect((await call(auth.logout, user.token)).statusCode).toBe(204);
    expect(await lastSeq()).toBe((await onlyEvent('sign_out', since)).seq);
  });

  it('email verified, token created, rotated, capped, deleted and its status set by the provider team', async () => {
    const user = await newUser();
    let since = await lastSeq();
    const message = await latestEmail(app, user.registration.email, /Verify/);
    const verificationToken = keep(linkParam(message, 'token'));
    expect((await call(auth.verifyEmail, undefined, { token: verificationToken })).statusCode).toBe(200);
    expect(await onlyEvent('email.verified', since)).toMatchObject(byUser(user));

    since = await lastSeq();
    const created = await call(tokens.createClient, user.token, tokenRequest({ label: 'Audited' }));
    expect(created.statusCode, created.body).toBe(201);
    const { clientId, clientSecret } = created.json<ClientCredentials>();
    keep(clientSecret);
    expect(await onlyEvent('credential.created', since)).toMatchObject({
      ...byUser(user),
      detail: { clientId, label: 'Audited' },
    });

    since = await lastSeq();
    const rotated = await call(tokens.rotateClient, user.token, { clientId });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<ClientCredentials>();
    keep(next.clientSecret);
    expect(await onlyEvent('credential.rotated', since)).toMatchObject({
      ...byUser(user),
      detail: { clientId, newClientId: next.clientId },
    });
    expect((await auditRows(app)).filter((row) => row.seq > since)).toHaveLength(1);

    since = await lastSeq();
    const capped = await call(tokens.setTokenCap, user.token, { clientId: next.clientId, dailyCap: 250 });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(await onlyEvent('credential.cap_set', since)).toMatchObject({
      ...byUser(user),
      detail: { clientId: next.clientId, label: 'Audited', dailyCap: 250 },
    });

    since = await lastSeq();
    expect((await operator('set-token-status', next.clientId, 'inactive')).ok).toBe(true);
    expect(await onlyEvent('credential.status_changed', since)).toMatchObject({
      ...byOperator,
      companyId: user.companyId,
      detail: { clientId: next.clientId, from: 'active', to: 'inactive' },
    });

    since = await lastSeq();
    expect((await call(tokens.deleteClient, user.token, { clientId: next.clientId })).statusCode).toBe(204);
    expect(await onlyEvent('credential.deleted', since)).toMatchObject({
      ...byUser(user),
      detail: { clientId: next.clientId, label: 'Audited' },
    });
  });

  it('profile change (field names only), password change and password reset', async () => {
    const user = await newUser();
    let since = await lastSeq();
    const renamed = await call(users.updateUser, user.token, {
      firstName: 'Augusta',
      lastName: 'King',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await onlyEvent('profile.changed', since)).toMatchObject({
      ...byUser(user),
      detail: { fields: ['firstName', 'lastName'] },
    });

    since = await lastSeq();
    const newPassword = keep(strongPassword());
    const changed = await call(users.updateUser, user.token, {
      currentPassword: user.registration.password,
      newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await onlyEvent('password.changed', since)).toMatchObject({ ...byUser(user), detail: {} });
    expect((await auditRows(app)).filter((row) => row.seq > since)).toHaveLength(1);

    since = await lastSeq();
    const before = await mailbox(app);
    await call(auth.forgotPassword, undefined, { email: user.registration.email });
    const resetToken = keep(
      linkParam(
        await latestEmail(app, user.registration.email, /Reset your DataFeeds password/, before),
        'resetToken',
      ),
    );
    const password = keep(strongPassword());
    expect((await call(auth.resetPassword, undefined, { resetToken, password })).statusCode).toBe(200);
    expect(await onlyEvent('password.reset', since)).toMatchObject(byUser(user));
  });

  it('upgrade requested (once) and approved by the provider team', async () => {
    const user = await newUser();
    const since = await lastSeq();
    expect((await call(account.upgradeAccount, user.token, {})).statusCode).toBe(200);
    expect((await call(account.upgradeAccount, user.token, {})).statusCode).toBe(200);
    expect(await onlyEvent('upgrade.requested', since)).toMatchObject({ ...byUser(user), detail: {} });
    expect((await operator('approve-upgrade', user.companyId)).ok).toBe(true);
    expect(await onlyEvent('upgrade.approved', since)).toMatchObject({
      ...byOperator,
      companyId: user.companyId,
    });
    expect(await onlyEvent('plan.set', since)).toMatchObject({
      ...byOperator,
      companyId: user.companyId,
      detail: { from: 'trial', to: 'standard' },
    });
  });

  it('verifier keys created and revoked, for the provider team only (no company)', async () => {
    const since = await lastSeq();
    const created = await operator('verifier-key', 'create', 'Audited feed');
    expect(created.ok).toBe(true);
    keep(/dfvk_\S+/.exec(created.output)?.[0] ?? 'no key printed');
    const keyId = /id ([0-9a-f-]{36})/.exec(created.output)?.[1] ?? '';
    expect(await onlyEvent('verifier_key.created', since)).toMatchObject({
      ...byOperator,
      companyId: null,
      detail: { keyId, name: 'Audited feed' },
    });
    expect((await operator('verifier-key', 'revoke', keyId)).ok).toBe(true);
    expect(await onlyEvent('verifier_key.revoked', since)).toMatchObject({
      ...byOperator,
      companyId: null,
      detail: { keyId },
    });
  });

  it('never a secret, token or password in any row', async () => {
    const rows = await auditRows(app);
    const kinds = new Set(rows.map((row) => row.kind));
    expect(kinds.size).toBe(18);
    expect(secrets.size).toBeGreaterThan(20);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text, 'an audit row holds a secret').not.toContain(secret);
  });
});
