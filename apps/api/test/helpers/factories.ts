// Test data: unique users through the real calls, and the emails the server sent them.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import type { RegisterInput } from '@datafeeds/domain';
import { auth, dev, users, type CallDefinition } from '@datafeeds/domain/calls';
import { REFRESH_COOKIE } from '../../src/lib/session-cookies.ts';

/**
 * A call's method and URL for `app.inject`, named by its contract (design §1):
 * `app.inject({ ...callTo(users.getUser), headers })`; `search` is a query string as typed, `?x=1`.
 */
export const callTo = <Call extends CallDefinition>(call: Call, search = '') => ({
  method: call.method,
  url: `${call.path}${search}`,
});

export function uniqueRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const id = randomBytes(5).toString('hex');
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'Analytical Engines',
    email: `ada.${id}@example.com`,
    username: `ada_${id}`,
    password: `pw-${id}-secret`,
    phone: '5551234567',
    userHasAgreedToTermsOfService: true,
    userHasReadPrivacyPolicy: true,
    ...overrides,
  };
}

/** Passwords on the common list (common-passwords.test.ts checks them), as typed in more than one case. */
export const COMMON_PASSWORDS = ['password', '123456', 'qwerty123', 'Password', 'QWERTY123'] as const;

/** A random password no list holds. */
export const strongPassword = () => `${randomBytes(12).toString('base64url')}-Strong`;

export interface SignedIn {
  token: string;
  refreshCookie: string;
  registration: RegisterInput;
}

export function refreshCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE);
  expect(cookie, 'refresh cookie').toBeDefined();
  return cookie?.value ?? '';
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<RegisterInput> = {},
): Promise<SignedIn> {
  const registration = uniqueRegistration(overrides);
  const response = await app.inject({ ...callTo(auth.register), payload: registration });
  expect(response.statusCode, response.body).toBe(201);
  return {
    token: response.json<{ token: string }>().token,
    refreshCookie: refreshCookieOf(response),
    registration,
  };
}

export async function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    ...callTo(auth.login),
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function getUser(app: FastifyInstance, token: string) {
  return app.inject({ ...callTo(users.getUser), headers: bearer(token) });
}

export async function refresh(app: FastifyInstance, cookie: string | undefined) {
  return app.inject({
    ...callTo(auth.refresh),
    ...(cookie ? { cookies: { [REFRESH_COOKIE]: cookie } } : {}),
  });
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export async function mailbox(app: FastifyInstance): Promise<MailboxMessage[]> {
  const response = await app.inject(callTo(dev.devMailbox));
  expect(response.statusCode).toBe(200);
  return response.json<MailboxMessage[]>();
}

/**
 * The newest message to `to` whose subject matches and that is not in `seen`, or a failed expectation.
 * It polls briefly because reset emails are sent after the answer.
 */
export async function latestEmail(
  app: FastifyInstance,
  to: string,
  subject: RegExp,
  seen: readonly MailboxMessage[] = [],
): Promise<MailboxMessage> {
  const seenIds = new Set(seen.map((message) => message.id));
  return vi.waitFor(async () => {
    const found = (await mailbox(app)).find(
      (candidate) =>
        candidate.to === to.toLowerCase() && subject.test(candidate.subject) && !seenIds.has(candidate.id),
    );
    if (!found) throw new Error(`no email "${String(subject)}" to ${to}`);
    return found;
  });
}

export function linkParam(message: MailboxMessage, name: string): string {
  const link = message.links[0] ?? '';
  return new URL(link).searchParams.get(name) ?? '';
}
