// The console's staff accounts (design §11): setup from the emailed link, sign-in with password and
// TOTP code, refresh and sign-out with the console's own cookie, and who is signed in. Setup and sign-in
// are audited from the request's address (the service writes the rows).
import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CODES, STAFF_MESSAGES } from '@datafeeds/domain';
import { staffConsole } from '@datafeeds/domain/calls';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { originOf } from '../../plugins/app/audit/index.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { registerCall } from '../register-call.ts';
import {
  CONSOLE_COOKIE_PATH,
  CONSOLE_REFRESH_COOKIE,
  clearConsoleRefreshCookie,
  setConsoleRefreshCookie,
} from '../../lib/session-cookies.ts';

const staffSignInRoutes: FastifyPluginAsync = async (app) => {
  const appUrl = app.env.APP_URL;
  // The cookie is sent to these two calls only.
  for (const call of [staffConsole.consoleRefresh, staffConsole.consoleLogout]) {
    if (!call.path.startsWith(`${CONSOLE_COOKIE_PATH}/`))
      throw new Error(`${call.path} is outside the cookie's path`);
  }

  // One counter per address for everything that tries a link, a password or a code.
  const signInLimit = {
    onRequest: [app.rateLimit(namedLimit('consoleSignIn', app.rateLimits.consoleSignIn))],
  };

  registerCall(
    app,
    staffConsole.getStaffSetup,
    async ({ query }) => app.staff.getSetup(query.token),
    signInLimit,
  );

  registerCall(
    app,
    staffConsole.completeStaffSetup,
    async ({ body, request }) => ({
      recoveryCodes: await app.staff.completeSetup(body.token, body.password, body.code, originOf(request)),
    }),
    signInLimit,
  );

  registerCall(
    app,
    staffConsole.consoleLogin,
    async ({ body, request, reply }) => {
      const tokens = await app.staff.login(body.email, body.password, body.code, originOf(request));
      setConsoleRefreshCookie(reply, tokens.refreshToken, tokens.expiresAt, app.clock.now(), appUrl);
      return { token: tokens.accessToken };
    },
    signInLimit,
  );

  registerCall(app, staffConsole.consoleRefresh, async ({ request, reply }) => {
    const presented = request.cookies[CONSOLE_REFRESH_COOKIE];
    const tokens = presented ? await app.staffSessions.refresh(presented) : undefined;
    if (!tokens || tokens === 'disabled') {
      clearConsoleRefreshCookie(reply, appUrl);
      // Still a 401 (the session is over), with a code and sentence of its own for the sign-in page.
      throw tokens === 'disabled'
        ? new AppError(401, ERROR_CODES.staffDisabled, STAFF_MESSAGES.signedOutDisabled)
        : unauthorized();
    }
    setConsoleRefreshCookie(reply, tokens.refreshToken, tokens.expiresAt, app.clock.now(), appUrl);
    return { token: tokens.accessToken };
  });

  registerCall(app, staffConsole.consoleLogout, async ({ request, reply }) => {
    const presented = request.cookies[CONSOLE_REFRESH_COOKIE];
    if (presented) await app.staffSessions.revokeByRefreshToken(presented);
    clearConsoleRefreshCookie(reply, appUrl);
  });

  registerCall(app, staffConsole.getStaffMe, async ({ caller }) => ({
    id: caller.staffId,
    email: caller.email,
    role: caller.role,
  }));
};

export default staffSignInRoutes;
