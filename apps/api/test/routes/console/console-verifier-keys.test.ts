// The console's verifier keys (design §8, §11): created by an administrator with the key in that answer
// only, listed without it, and revoked so the data feed using it is refused at once. Each change is
// audited with the staff member as actor and no company.
import { describe, expect, it } from 'vitest';
import { CONSOLE_REFUSALS, CONSOLE_TOOL_MESSAGES } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { verified, verifyCall } from '../../helpers/verification.ts';
import { lastAuditSeq, staffActionRow, teamAuditSince } from './console-audit.ts';
import { answerOf, consoleCall, expectRefusal } from './console-calls.ts';
import { appWithStaff } from './staff-sessions.ts';

const { clock, app, admin, support } = await appWithStaff();

const create = (token: string, name: string) =>
  consoleCall(app, consoleTools.createVerifierKey, token, { payload: { name } });
const revoke = (token: string, id: string) =>
  consoleCall(app, consoleTools.revokeVerifierKey, token, { payload: { id } });
const listed = async (token: string) =>
  answerOf(consoleTools.listVerifierKeys, await consoleCall(app, consoleTools.listVerifierKeys, token));

describe('console verifier keys', () => {
  it('creates a key shown once that works at the verification API, listed without the key, audited', async () => {
    const since = await lastAuditSeq(app);
    const response = await create(admin.token, '  Weather feed  ');
    const created = answerOf(consoleTools.createVerifierKey, response, 201);
    expect(created.key).toMatchObject({ name: 'Weather feed', lastUsedAt: null, revokedAt: null });
    expect(created.message).toBe(CONSOLE_TOOL_MESSAGES.verifierKeyCreated('Weather feed'));
    expect(created.secret.startsWith(created.key.keyStart)).toBe(true);
    expect(created.secret.length).toBeGreaterThan(created.key.keyStart.length);

    const secret = (await createdClient(app, (await verifiedUser(app)).token)).clientSecret;
    expect(await verified(app, created.secret, { secret })).toMatchObject({ code: 'VALID' });

    const keys = await listed(support.token);
    const row = keys.keys.find((key) => key.id === created.key.id);
    expect(row).toMatchObject({ name: 'Weather feed', keyStart: created.key.keyStart, revokedAt: null });
    expect(row?.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(keys)).not.toContain(created.secret);

    expect(await teamAuditSince(app, since)).toEqual([
      staffActionRow(admin, 'verifier_key.created', { keyId: created.key.id, name: 'Weather feed' }),
    ]);
  });

  it('revokes a key: the data feed using it is refused at once; audited; a second revoke is 409', async () => {
    const created = answerOf(
      consoleTools.createVerifierKey,
      await create(admin.token, 'Short-lived feed'),
      201,
    );
    const secret = (await createdClient(app, (await verifiedUser(app)).token)).clientSecret;
    // Cached as valid by this first call: the revocation must drop it, not wait for the cache to age.
    expect(await verified(app, created.secret, { secret })).toMatchObject({ code: 'VALID' });
    const since = await lastAuditSeq(app);

    const revoked = answerOf(consoleTools.revokeVerifierKey, await revoke(admin.token, created.key.id));
    expect(revoked.message).toBe(CONSOLE_TOOL_MESSAGES.verifierKeyRevoked('Short-lived feed'));
    expect((await verifyCall(app, created.secret, { secret })).statusCode).toBe(401);
    const row = (await listed(admin.token)).keys.find((key) => key.id === created.key.id);
    expect(row?.revokedAt).toEqual(clock.now().toISOString());

    expectRefusal(
      await revoke(admin.token, created.key.id),
      409,
      CONSOLE_TOOL_MESSAGES.verifierKeyAlreadyRevoked,
    );
    expect(await teamAuditSince(app, since)).toEqual([
      staffActionRow(admin, 'verifier_key.revoked', { keyId: created.key.id, name: 'Short-lived feed' }),
    ]);
  });

  it('answers 404 for an unknown key and 400 for a malformed id or name', async () => {
    expectRefusal(
      await revoke(admin.token, '00000000-0000-4000-8000-000000000000'),
      404,
      CONSOLE_TOOL_MESSAGES.verifierKeyNotFound,
    );
    expectRefusal(await revoke(admin.token, 'not-a-uuid'), 400);
    expectRefusal(await create(admin.token, '   '), 400);
    expectRefusal(await create(admin.token, 'two\nlines'), 400);
    expectRefusal(await create(admin.token, 'x'.repeat(101)), 400);
  });

  it('lets support read the keys but not create or revoke one', async () => {
    const created = answerOf(
      consoleTools.createVerifierKey,
      await create(admin.token, 'Admin-only feed'),
      201,
    );
    expect((await listed(support.token)).keys.map((key) => key.id)).toContain(created.key.id);
    expectRefusal(await create(support.token, 'Sneaky feed'), 403, CONSOLE_REFUSALS.manageVerifierKeys);
    expectRefusal(await revoke(support.token, created.key.id), 403, CONSOLE_REFUSALS.manageVerifierKeys);
    expect((await listed(admin.token)).keys.find((key) => key.id === created.key.id)?.revokedAt).toBeNull();
  });
});
