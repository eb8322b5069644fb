// Input no person types but an attacker sends: NUL characters in any text field, and validly signed
// access tokens whose claims are missing or of the wrong shape. Each gets a clear 4xx, never a 500.
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { auth, tokens, users, verification } from '@datafeeds/domain/calls';
import { TEST_SECRETS, buildTestApp } from '../helpers/build-test-app.ts';
import { bearer, callTo, uniqueRegistration } from '../helpers/factories.ts';
import { createdClient, tokenRequest, verifiedUser } from '../helpers/tokens.ts';
import { usageRows } from '../helpers/usage.ts';
import { newVerifierKey } from '../helpers/verification.ts';

const app = await buildTestApp();
const NUL = '\u0000';

describe('a NUL character', () => {
  it.each([
    [
      'firstName',
      () => ({ ...callTo(auth.register), payload: uniqueRegistration({ firstName: `Ada${NUL}` }) }),
    ],
    [
      'companyName',
      () => ({ ...callTo(auth.register), payload: uniqueRegistration({ companyName: `${NUL}` }) }),
    ],
    ['username', () => callTo(users.checkUsernameRegistered, '?username=ada%00x')],
    ['email', () => callTo(users.checkEmailRegistered, '?email=ada%00@example.com')],
  ] as const)('in %s answers 400 naming the field (signed out)', async (field, request) => {
    const response = await app.inject(request());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: ERROR_CODES.validation,
      message: `${field} must not contain a NUL character.`,
      details: [{ field, message: `${field} must not contain a NUL character.` }],
    });
  });

  it('in any field of a signed-in call answers 400 naming it, and changes nothing', async () => {
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token);
    const calls = [
      ['firstName', { ...callTo(users.updateUser), payload: { firstName: `x${NUL}` } }],
      ['label', { ...callTo(tokens.createClient), payload: tokenRequest({ label: `a${NUL}b` }) }],
      ['clientId', { ...callTo(tokens.rotateClient), payload: { clientId: `${clientId}${NUL}` } }],
      ['clientId', { ...callTo(tokens.deleteClient), payload: { clientId: `${NUL}` } }],
      ['clientIds', callTo(tokens.getClients, `?clientIds=${clientId}%00`)],
    ] as const;
    for (const [field, call] of calls) {
      const response = await app.inject({ ...call, headers: bearer(user.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(response.json().details).toEqual([
        { field, message: `${field} must not contain a NUL character.` },
      ]);
    }
    const listed = await app.inject({ ...callTo(tokens.getClients), headers: bearer(user.token) });
    expect(listed.json().clients).toEqual([expect.objectContaining({ id: clientId })]);
  });
});

describe("a NUL character in a data feed's call", () => {
  it('answers 400 naming the field on every data-feed route, and counts nothing', async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token);
    const key = await newVerifierKey(app);
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const counts = [{ clientId: `${clientId}${NUL}`, scope: 'any', code: 'VALID', hour, count: 1 }];
    const calls = [
      ['secret', { ...callTo(verification.verifyCredential), payload: { secret: `${clientSecret}${NUL}` } }],
      ['counts.0.clientId', { ...callTo(verification.reportCredentialUsage), payload: { counts } }],
      ['since', callTo(verification.credentialEvents, '?since=1%00')],
    ] as const;
    for (const [field, call] of calls) {
      const response = await app.inject({ ...call, headers: bearer(key) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(response.json().details).toEqual([
        { field, message: `${field} must not contain a NUL character.` },
      ]);
    }
    await app.usageMeter!.flush();
    expect(await usageRows(app, clientId)).toEqual({});
  });
});

describe('an access token signed with the server key', () => {
  const key = new TextEncoder().encode(TEST_SECRETS.sessionSecret);
  const sign = (claims: Record<string, unknown>, withExpiry = true) => {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('datafeeds-portal')
      .setAudience('datafeeds-portal')
      .setIssuedAt();
    if (withExpiry) jwt = jwt.setExpirationTime('10m');
    return jwt.sign(key);
  };

  it.each([
    [
      'a subject that is not a uuid',
      { sub: 'not-a-uuid', sid: '6e522f3f-463b-4d94-842e-9c3d2f2564f5' },
      true,
    ],
    [
      'a session id that is not a uuid',
      { sub: '6e522f3f-463b-4d94-842e-9c3d2f2564f5', sid: "1' or '1'='1" },
      true,
    ],
    ['no session id', { sub: '6e522f3f-463b-4d94-842e-9c3d2f2564f5' }, true],
  ])('with %s answers 401', async (_name, claims, withExpiry) => {
    const token = await sign(claims, withExpiry);
    const response = await app.inject({ ...callTo(users.getUser), headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: ERROR_CODES.unauthorized });
  });

  it('without an expiry answers 401, even for a live session', async () => {
    const user = await verifiedUser(app);
    const claims = decodeJwt(user.token);
    expect((await app.inject({ ...callTo(users.getUser), headers: bearer(user.token) })).statusCode).toBe(
      200,
    );
    const forever = await sign({ sub: claims.sub, sid: claims.sid }, false);
    const response = await app.inject({ ...callTo(users.getUser), headers: bearer(forever) });
    expect(response.statusCode).toBe(401);
  });
});
