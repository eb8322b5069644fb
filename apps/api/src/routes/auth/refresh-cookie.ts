// The refresh token travels only in an httpOnly, SameSite=Strict cookie scoped to POST /refresh, so page
// scripts never see it and no other request carries it. Secure whenever the portal is served over https.
import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';

export const REFRESH_COOKIE = 'df_refresh';

const cookieOptions = (appUrl: string) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: auth.refresh.path,
  secure: appUrl.startsWith('https:'),
});

export function setRefreshCookie(reply: FastifyReply, token: string, appUrl: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(appUrl),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, appUrl: string): void {
  void reply.clearCookie(REFRESH_COOKIE, cookieOptions(appUrl));
}
