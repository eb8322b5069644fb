// Figure 3's flood must cost the portal a password hash per sign-in: against the real portal, a flood of
// correct passwords passes the check with every sign-in counted, and one the portal refuses before
// hashing (the lockout after wrong passwords from one address) fails it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@datafeeds/domain/calls';
import { registerVerified, type Account } from '../src/portal-api.ts';
import { everySignInHashed, floodFor, type SignInTally } from '../src/sign-in-flood.ts';
import { startInProcessPortal, type InProcessPortal } from './in-process-portal.ts';

let portal: InProcessPortal;
let account: Account;

beforeAll(async () => {
  portal = await startInProcessPortal();
  account = await registerVerified(portal.url, portal.deployment.databaseUrl, 'Flood');
}, 180_000);

afterAll(async () => {
  await portal?.close();
}, 60_000);

let nextAddress = 0;
const flood = (body: object, address: () => string, seconds: number) =>
  floodFor({ url: `${portal.url}${auth.login.path}`, bodies: [JSON.stringify(body)], address }, 4, seconds);
const answered = (tally: SignInTally) => Object.values(tally.statuses).reduce((sum, count) => sum + count, 0);

describe('the login flood of bench:api', () => {
  it('with correct passwords from many addresses, every sign-in sent is signed in', async () => {
    const tally = await flood(account, () => `10.3.0.${(nextAddress++ % 250) + 1}`, 1.5);
    expect(tally.sent).toBeGreaterThan(0);
    expect(answered(tally)).toBe(tally.sent);
    expect(tally.signedIn).toBe(tally.sent);
    expect(everySignInHashed(tally).ok).toBe(true);
  }, 60_000);

  it('refused before the hash (the lockout after 10 wrong passwords from one address), it fails', async () => {
    // Long enough for 10 hashes on a busy machine (one hashes at a time on two cores).
    const tally = await flood({ ...account, password: 'not-the-password-1' }, () => '10.3.1.1', 3);
    expect(answered(tally) + tally.errors).toBe(tally.sent);
    expect(tally.statuses['401']).toBeLessThanOrEqual(10);
    expect(tally.statuses['429']).toBeGreaterThan(0);
    const verdict = everySignInHashed(tally);
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toContain(`0 signed in of ${tally.sent} sent`);
  }, 60_000);

  it('fails when only some sign-ins were signed in, and when none was sent', () => {
    const some: SignInTally = {
      sent: 40,
      signedIn: 39,
      statuses: { '200': 39, '429': 1 },
      errors: 0,
      latenciesMs: [],
      seconds: 1,
    };
    expect(everySignInHashed(some)).toEqual({
      ok: false,
      line: 'every sign-in of the flood reached the password hash: 39 signed in of 40 sent, other answers 429 ×1',
    });
    expect(everySignInHashed({ ...some, sent: 0, signedIn: 0, statuses: {} }).ok).toBe(false);
    expect(everySignInHashed({ ...some, signedIn: 40, statuses: { '200': 40 }, errors: 1 }).ok).toBe(false);
  });
});
