// Where a refresh token travels: only in an httpOnly, SameSite=Strict cookie scoped to the calls that
// use it, so page scripts never see it and no other request carries it; Secure whenever the portal is
// served over https. Customers and staff each have a cookie name and path of their own, so neither kind
// of session ever receives the other's (design §11 "Staff accounts").
import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';

export const REFRESH_COOKIE = 'df_refresh';
export const CONSOLE_REFRESH_COOKIE = 'df_console_refresh';
export const CONSOLE_COOKIE_PATH = '/api/console/session';

const cookieOptions = (path: string, appUrl: string) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path,
  secure: appUrl.startsWith('https:'),
});

/** The customer's refresh token, for POST /refresh, living as long as the token. */
export function setRefreshCookie(reply: FastifyReply, token: string, appUrl: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(auth.refresh.path, appUrl),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, appUrl: string): void {
  void reply.clearCookie(REFRESH_COOKIE, cookieOptions(auth.refresh.path, appUrl));
}

/** The staff member's refresh token, for the console's session calls, living no longer than the session. */
export function setConsoleRefreshCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  now: Date,
  appUrl: string,
): void {
  void reply.setCookie(CONSOLE_REFRESH_COOKIE, token, {
    ...cookieOptions(CONSOLE_COOKIE_PATH, appUrl),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearConsoleRefreshCookie(reply: FastifyReply, appUrl: string): void {
  void reply.clearCookie(CONSOLE_REFRESH_COOKIE, cookieOptions(CONSOLE_COOKIE_PATH, appUrl));
}
