// Both session families (session-family.ts), through their configurations as the app builds them: the
// customers' (app.sessions) and the staff's (app.staffSessions). Each rotates its refresh token on every
// use and ends the whole family when a spent one comes back; each has its own lifetime: a customer's
// refresh token works 30 days from its issue, a staff session ends 8 hours after sign-in.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  STAFF_SESSION_TTL_SECONDS,
} from '@datafeeds/domain';
import { staffMembers } from '../../../../src/db/schema.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { registerUser } from '../../../helpers/factories.ts';
import { setUpStaff } from '../../../routes/console/staff-sessions.ts';

const clock = testClock(new Date('2026-05-01T12:00:00Z'));
const app = await buildTestApp({ clock });
const ORIGIN = { ip: '198.51.100.4', userAgent: null };

interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** One family as the tests drive it. */
interface Family {
  /** Signs a new owner in. */
  start(): Promise<Tokens>;
  /** The next tokens, or undefined when the refresh is refused. */
  refresh(refreshToken: string): Promise<Tokens | undefined>;
  signedIn(accessToken: string): Promise<boolean>;
}

const customers: Family = {
  async start() {
    const { token } = await registerUser(app);
    return app.sessions.start(decodeJwt(token).sub ?? '', app.db);
  },
  async refresh(refreshToken) {
    const outcome = await app.sessions.refresh(refreshToken, ORIGIN);
    return outcome.ok ? outcome.tokens : undefined;
  },
  signedIn: async (accessToken) => (await app.sessions.authenticate(accessToken)) !== undefined,
};

const staff: Family = {
  async start() {
    const { email } = await setUpStaff(app);
    const [member] = await app.db.select().from(staffMembers).where(eq(staffMembers.email, email));
    return app.staffSessions.start(member?.id ?? '', app.db);
  },
  async refresh(refreshToken) {
    const tokens = await app.staffSessions.refresh(refreshToken);
    return tokens === 'disabled' ? undefined : tokens;
  },
  signedIn: async (accessToken) => (await app.staffSessions.authenticate(accessToken)) !== undefined,
};

describe.each([
  ['customers', customers],
  ['staff', staff],
] as const)('the session family of %s', (_name, family) => {
  it('rotates: each refresh spends the token presented and issues the next, for the same session', async () => {
    const first = await family.start();
    clock.advance(60);
    const second = await family.refresh(first.refreshToken);
    expect(second).toBeDefined();
    expect(second?.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second?.accessToken ?? '').sid).toBe(decodeJwt(first.accessToken).sid);
    expect(await family.signedIn(second?.accessToken ?? '')).toBe(true);
    const third = await family.refresh(second?.refreshToken ?? '');
    expect(await family.signedIn(third?.accessToken ?? '')).toBe(true);
    expect(await family.refresh('not-a-refresh-token')).toBeUndefined();
  });

  it('ends the whole family when a spent refresh token comes back', async () => {
    const first = await family.start();
    const second = await family.refresh(first.refreshToken);
    expect(await family.signedIn(second?.accessToken ?? '')).toBe(true);

    expect(await family.refresh(first.refreshToken)).toBeUndefined();
    // The latest tokens, the thief's or the owner's, stop working with it.
    expect(await family.refresh(second?.refreshToken ?? '')).toBeUndefined();
    expect(await family.signedIn(second?.accessToken ?? '')).toBe(false);
    expect(await family.signedIn(first.accessToken)).toBe(false);
  });

  it('lets an access token go at its own expiry while the session lives', async () => {
    const { accessToken } = await family.start();
    clock.advance(ACCESS_TOKEN_TTL_SECONDS - 1);
    expect(await family.signedIn(accessToken)).toBe(true);
    clock.advance(1);
    expect(await family.signedIn(accessToken)).toBe(false);
  });
});

describe('customer sessions', () => {
  it('last while refreshed: each refresh token works 30 days from its issue', async () => {
    const first = await customers.start();
    const issuedAt = decodeJwt(first.accessToken).iat ?? 0;
    expect(first.expiresAt).toEqual(new Date((issuedAt + REFRESH_TOKEN_TTL_SECONDS) * 1000));
    clock.advance(REFRESH_TOKEN_TTL_SECONDS - 60);
    const second = await customers.refresh(first.refreshToken);
    expect(second).toBeDefined();
    clock.advance(REFRESH_TOKEN_TTL_SECONDS - 60);
    expect(await customers.refresh(second?.refreshToken ?? '')).toBeDefined();

    const idle = await customers.start();
    clock.advance(REFRESH_TOKEN_TTL_SECONDS);
    expect(await app.sessions.refresh(idle.refreshToken, ORIGIN)).toEqual({ ok: false, reason: 'expired' });
    // Spent by that attempt: presented again, it is reuse, and the family ends.
    expect(await app.sessions.refresh(idle.refreshToken, ORIGIN)).toEqual({ ok: false, reason: 'reused' });
    expect(await app.sessions.refresh(idle.refreshToken, ORIGIN)).toEqual({ ok: false, reason: 'revoked' });
  });
});

describe('staff sessions', () => {
  it('end 8 hours after sign-in however often refreshed, and no access token outlives them', async () => {
    let tokens: Tokens | undefined = await staff.start();
    const signedInAt = decodeJwt(tokens.accessToken).iat ?? 0;
    const ends = new Date((signedInAt + STAFF_SESSION_TTL_SECONDS) * 1000);
    expect(tokens.expiresAt).toEqual(ends);
    while (clock.now().getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 < ends.getTime()) {
      clock.advance(ACCESS_TOKEN_TTL_SECONDS - 60);
      tokens = await staff.refresh(tokens?.refreshToken ?? '');
      expect(tokens?.expiresAt).toEqual(ends);
    }
    const last = tokens?.accessToken ?? '';
    expect(decodeJwt(last).exp).toBe(ends.getTime() / 1000);
    clock.set(new Date(ends.getTime() - 1000));
    expect(await staff.signedIn(last)).toBe(true);
    clock.set(ends);
    expect(await staff.signedIn(last)).toBe(false);
    expect(await staff.refresh(tokens?.refreshToken ?? '')).toBeUndefined();
  });
});
