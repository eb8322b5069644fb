// The console's refresh cookie: a name and path of its own (the customer's is df_refresh under /refresh),
// so neither kind of session ever receives the other's. httpOnly, SameSite=Strict, sent only to the
// console's session calls, and living no longer than the 8-hour session.
import type { FastifyReply } from 'fastify';

export const CONSOLE_REFRESH_COOKIE = 'df_console_refresh';
export const CONSOLE_COOKIE_PATH = '/api/console/session';

const cookieOptions = (appUrl: string) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: CONSOLE_COOKIE_PATH,
  secure: appUrl.startsWith('https:'),
});

export function setConsoleRefreshCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  now: Date,
  appUrl: string,
): void {
  void reply.setCookie(CONSOLE_REFRESH_COOKIE, token, {
    ...cookieOptions(appUrl),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearConsoleRefreshCookie(reply: FastifyReply, appUrl: string): void {
  void reply.clearCookie(CONSOLE_REFRESH_COOKIE, cookieOptions(appUrl));
}
