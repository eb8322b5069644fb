// POST /api/SetTokenCap (design §10): those who may rotate a token may cap its requests per UTC day below
// the plan's quota, or remove the cap. The cap is the token's — kept by a rotation, shared with the secret
// a rotation replaced — audited, shown on GetClients and GetQuota, and every cache and data feed hears
// it at once (`limits_changed`).
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  QUOTA_MESSAGES,
  TOKEN_CAP_MAX,
  TOKEN_MESSAGES,
  type Quota,
  type VerifiedCredential,
} from '@datafeeds/domain';
import { account, tokens } from '@datafeeds/domain/calls';
import type { BusMessage } from '../../../src/plugins/app/credentials/credential-bus.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { ORIGIN, auditRows, fromOrigin } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { clientsOf, createdClient, rotateClient, verifiedUser } from '../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';

const app = await buildTestApp();
const key = await newVerifierKey(app);
const announced: BusMessage[] = [];
app.credentialBus.subscribe((message) => announced.push(message));

const setCap = (token: string, clientId: string, dailyCap: unknown) =>
  app.inject(
    fromOrigin({ ...callTo(tokens.setTokenCap), headers: bearer(token), payload: { clientId, dailyCap } }),
  );

async function capOf(secret: string) {
  const answer = await verified(app, key, { secret });
  expect(answer.code).toBe('VALID');
  return (answer as VerifiedCredential).limits.dailyCap;
}

const toldAbout = (since: number) =>
  announced
    .slice(since)
    .flatMap((message) =>
      message.type === 'credential' && message.reason === 'limits_changed' ? [message.clientId] : [],
    );

const lastSeq = async () => (await auditRows(app)).at(-1)?.seq ?? 0;
const auditSince = async (seq: number) => (await auditRows(app)).filter((row) => row.seq > seq);

describe('SetTokenCap', () => {
  it('caps a token below the plan, shown everywhere, audited, and told to every feed at once', async () => {
    const user = await verifiedUser(app);
    const capped = await createdClient(app, user.token, { label: 'Staging' });
    const other = await createdClient(app, user.token, { label: 'Production' });
    expect(await capOf(capped.clientSecret)).toBeNull(); // cached from here on
    const before = announced.length;
    const since = await lastSeq();

    const response = await setCap(user.token, capped.clientId, 500);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ clientId: capped.clientId, dailyCap: 500 });
    expect(toldAbout(before)).toEqual([capped.clientId]);
    expect(await capOf(capped.clientSecret)).toBe(500);
    expect(await capOf(other.clientSecret)).toBeNull();
    expect((await clientsOf(app, user.token)).map(({ label, dailyCap }) => ({ label, dailyCap }))).toEqual([
      { label: 'Production', dailyCap: null },
      { label: 'Staging', dailyCap: 500 },
    ]);
    const quota = await app.inject({ ...callTo(account.getQuota), headers: bearer(user.token) });
    expect(quota.json<Quota>().tokens).toContainEqual({
      clientId: capped.clientId,
      usedToday: 0,
      dailyCap: 500,
    });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        kind: 'credential.cap_set',
        actorKind: 'user',
        actorEmail: user.registration.email.toLowerCase(),
        ipAddress: ORIGIN.ip,
        userAgent: ORIGIN.userAgent,
        detail: { clientId: capped.clientId, label: 'Staging', dailyCap: 500 },
      }),
    ]);
  });

  it('removes the cap with null', async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token);
    await setCap(user.token, clientId, 300);
    const since = await lastSeq();
    const response = await setCap(user.token, clientId, null);
    expect(response.json()).toEqual({ clientId, dailyCap: null });
    expect(await capOf(clientSecret)).toBeNull();
    expect((await clientsOf(app, user.token))[0]?.dailyCap).toBeNull();
    expect((await auditSince(since)).map((row) => row.detail)).toEqual([
      { clientId, label: 'Scores widget', dailyCap: null },
    ]);
  });

  it("refuses a cap not lower than the plan's quota, as a field error, changing nothing", async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token);
    const since = await lastSeq();
    const before = announced.length;
    for (const dailyCap of [10_000, 10_001, TOKEN_CAP_MAX]) {
      const response = await setCap(user.token, clientId, dailyCap);
      expect(response.statusCode, String(dailyCap)).toBe(400);
      const message = QUOTA_MESSAGES.capTooHigh(10_000);
      expect(message).toBe("The cap must be lower than your plan's daily quota of 10,000 requests.");
      expect(response.json()).toEqual({
        error: ERROR_CODES.validation,
        message,
        details: [{ field: 'dailyCap', message }],
      });
    }
    expect(await auditSince(since)).toEqual([]);
    expect(announced.length).toBe(before);
    expect(await capOf(clientSecret)).toBeNull();
    expect((await setCap(user.token, clientId, 9_999)).statusCode).toBe(200);
  });

  it('takes any cap up to the bound on a plan without a daily quota', async () => {
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token);
    await runOperatorCommand(app, { command: 'approve-upgrade', args: [user.registration.email] });
    const response = await setCap(user.token, clientId, TOKEN_CAP_MAX);
    expect(response.json()).toEqual({ clientId, dailyCap: TOKEN_CAP_MAX });
  });

  it('refuses what is not a whole number of requests from 1', async () => {
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token);
    for (const dailyCap of [0, -1, 1.5, '500', TOKEN_CAP_MAX + 1]) {
      const response = await setCap(user.token, clientId, dailyCap);
      expect(response.statusCode, String(dailyCap)).toBe(400);
      expect(response.json()).toMatchObject({
        error: ERROR_CODES.validation,
        message: QUOTA_MESSAGES.capNotWholeNumber,
      });
    }
    const missing = await app.inject({
      ...callTo(tokens.setTokenCap),
      headers: bearer(user.token),
      payload: { clientId },
    });
    expect(missing.statusCode).toBe(400);
  });

  it("answers 404 for another company's token, as for an unknown one", async () => {
    const owner = await verifiedUser(app);
    const stranger = await verifiedUser(app);
    const theirs = await createdClient(app, owner.token);
    const since = await lastSeq();
    const response = await setCap(stranger.token, theirs.clientId, 5);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: ERROR_CODES.notFound, message: TOKEN_MESSAGES.notFound });
    expect(await capOf(theirs.clientSecret)).toBeNull();
    expect(await auditSince(since)).toEqual([]);
  });

  it('is kept by a rotation, and applies to the secret the rotation replaced while it still works', async () => {
    const user = await verifiedUser(app);
    const first = await createdClient(app, user.token);
    await setCap(user.token, first.clientId, 800);
    const rotated = (await rotateClient(app, user.token, first.clientId, '1h')).json<{
      clientId: string;
      clientSecret: string;
    }>();
    expect((await clientsOf(app, user.token))[0]).toMatchObject({ id: rotated.clientId, dailyCap: 800 });
    expect(await capOf(rotated.clientSecret)).toBe(800);
    expect(await capOf(first.clientSecret)).toBe(800);

    const before = announced.length;
    await setCap(user.token, rotated.clientId, 200);
    expect(toldAbout(before).sort()).toEqual([first.clientId, rotated.clientId].sort());
    expect(await capOf(rotated.clientSecret)).toBe(200);
    expect(await capOf(first.clientSecret)).toBe(200);
    // The retiring secret is capped through its replacement, not by its own id.
    expect((await setCap(user.token, first.clientId, 100)).statusCode).toBe(404);

    const again = (await rotateClient(app, user.token, rotated.clientId)).json<{ clientSecret: string }>();
    expect(await capOf(again.clientSecret)).toBe(200);
  });
});
