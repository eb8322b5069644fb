// Password reset and email verification. forgotPassword answers the same for every well-formed email,
// so it cannot be used to learn which addresses have accounts.
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { originOf } from '../../plugins/app/audit/index.ts';
import { registerCall } from '../register-call.ts';

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, a link to reset the password is on its way.';

const recoveryRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    auth.forgotPassword,
    async ({ body }) => {
      await app.recovery.forgotPassword(body.email);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
    { config: { rateLimit: { max: app.rateLimits.forgotPassword, timeWindow: '1 minute' } } },
  );

  registerCall(
    app,
    auth.resetPassword,
    async ({ body, request }) => {
      await app.recovery.resetPassword(body.resetToken, body.password, originOf(request));
      return { message: MESSAGES.passwordResetSuccess };
    },
    { config: { rateLimit: { max: app.rateLimits.forgotPassword * 2, timeWindow: '1 minute' } } },
  );

  registerCall(app, auth.verifyEmail, async ({ body, request }) => {
    await app.recovery.verifyEmail(body.token, originOf(request));
    return { message: 'Your email address is verified.' };
  });

  registerCall(
    app,
    auth.resendVerification,
    async ({ caller }) => {
      const sent = await app.recovery.resendVerification(caller.identityId);
      return {
        message: sent ? 'A new verification email is on its way.' : 'Your email address is already verified.',
      };
    },
    { config: { rateLimit: { max: app.rateLimits.resendVerification, timeWindow: '1 minute' } } },
  );
};

export default recoveryRoutes;
