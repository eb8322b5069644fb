// No action without its trace, no trace without its action: the audit row is written in the change's
// transaction. A database trigger makes chosen audit inserts fail, the way a full disk or a bug would.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, tokens, users } from '@datafeeds/domain/calls';
import { apiClients, credentialEvents, identities, sessions } from '../../../src/db/schema.ts';
import { auditRows } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { bearer, callTo, login, registerUser, strongPassword } from '../../helpers/factories.ts';
import { createClient, tokenRequest, verifiedUser } from '../../helpers/tokens.ts';

const app = await buildTestApp();
const user = await verifiedUser(app);
const doomed = await registerUser(app);
// Random hex at example.com: safe to write into the trigger's text (a function body takes no parameters).
const doomedEmail = doomed.registration.email.toLowerCase();

// Refuses the audit row of a token labelled "Doomed" and of any sign-in by the doomed user.
await app.db.execute(sql`
  create function refuse_doomed_audit() returns trigger language plpgsql as $$
  begin
    if new.detail->>'label' = 'Doomed' or (new.kind = 'sign_in.succeeded' and new.actor_email = '${sql.raw(doomedEmail)}') then
      raise exception 'audit write refused by the test';
    end if;
    return new;
  end $$`);
await app.db.execute(sql`
  create trigger refuse_doomed_audit before insert on audit_events
  for each row execute function refuse_doomed_audit()`);

const lastSeq = async () => (await auditRows(app)).at(-1)?.seq ?? 0;

describe('the audit row and its change', () => {
  it('a token whose audit row cannot be written is not created', async () => {
    const response = await createClient(app, user.token, tokenRequest({ label: 'Doomed' }));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('dfc_');
    expect(await app.db.select().from(apiClients).where(eq(apiClients.label, 'Doomed'))).toEqual([]);
    // The same call with a label the trigger lets through works: the trigger is what failed it.
    expect((await createClient(app, user.token, tokenRequest({ label: 'Spared' }))).statusCode).toBe(201);
    const [spared] = await app.db.select().from(apiClients).where(eq(apiClients.label, 'Spared'));
    expect(spared).toBeDefined();
    const events = await app.db
      .select()
      .from(credentialEvents)
      .where(eq(credentialEvents.companyId, spared!.companyId));
    expect(events.map((event) => event.clientId)).toEqual([spared!.clientId]);
  });

  it('a sign-in whose audit row cannot be written starts no session', async () => {
    const [{ identityId } = { identityId: '' }] = await app.db
      .select({ identityId: identities.id })
      .from(identities)
      .where(eq(identities.email, doomedEmail));
    const count = async () =>
      (await app.db.select().from(sessions).where(eq(sessions.identityId, identityId))).length;
    const before = await count();
    const response = await login(app, doomed.registration.email, doomed.registration.password);
    expect(response.statusCode).toBe(500);
    expect(response.cookies).toEqual([]);
    expect(await count()).toBe(before);
    expect((await login(app, user.registration.email, user.registration.password)).statusCode).toBe(200);
  });

  it('a change that fails leaves no audit row', async () => {
    const since = await lastSeq();
    const rotate = await app.inject({
      ...callTo(tokens.rotateClient),
      headers: bearer(user.token),
      payload: { clientId: 'dfc_AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(rotate.statusCode).toBe(404);
    const remove = await app.inject({
      ...callTo(tokens.deleteClient),
      headers: bearer(user.token),
      payload: { clientId: 'dfc_AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(remove.statusCode).toBe(404);
    const wrongPassword = await app.inject({
      ...callTo(users.updateUser),
      headers: bearer(user.token),
      payload: { firstName: 'Mallory', currentPassword: 'not-the-password', newPassword: strongPassword() },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const badReset = await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken: 'no-such-token', password: strongPassword() },
    });
    expect(badReset.statusCode).toBe(400);
    expect((await auditRows(app)).filter((row) => row.seq > since)).toEqual([]);
    // The refused profile change did not happen either.
    const profile = await app.inject({ ...callTo(users.getUser), headers: bearer(user.token) });
    expect(profile.json<{ firstName: string }>().firstName).not.toBe('Mallory');
  });
});
