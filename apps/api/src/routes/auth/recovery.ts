// Password reset and email verification. forgotPassword answers the same for every well-formed email,
// so it cannot be used to learn which addresses have accounts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MESSAGES,
  forgotPasswordSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@datafeeds/domain';
import { authOf } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { bearerSecurity, errorResponses, publicSecurity } from '../schemas.ts';

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, a link to reset the password is on its way.';

const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(API_PATHS.forgotPassword, {
    config: { rateLimit: { max: app.rateLimits.forgotPassword, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      operationId: 'forgotPassword',
      summary: 'Email a password reset link to a known address',
      security: publicSecurity,
      body: forgotPasswordSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await app.recovery.forgotPassword(request.body.email);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  });

  app.post(API_PATHS.resetPassword, {
    config: { rateLimit: { max: app.rateLimits.forgotPassword * 2, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      operationId: 'resetPassword',
      summary: 'Set a new password with a reset token; signs the user out everywhere',
      security: publicSecurity,
      body: resetPasswordRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await app.recovery.resetPassword(request.body.resetToken, request.body.password, originOf(request));
      return { message: MESSAGES.passwordResetSuccess };
    },
  });

  app.post(API_PATHS.verifyEmail, {
    schema: {
      tags: ['auth'],
      operationId: 'verifyEmail',
      summary: 'Confirm the email address with the token of the verification link',
      security: publicSecurity,
      body: verifyEmailRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await app.recovery.verifyEmail(request.body.token, originOf(request));
      return { message: 'Your email address is verified.' };
    },
  });

  app.post(API_PATHS.resendVerification, {
    onRequest: app.authenticate,
    config: { rateLimit: { max: app.rateLimits.resendVerification, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      operationId: 'resendVerification',
      summary: 'Send the verification email again (nothing to do once verified)',
      security: bearerSecurity,
      response: { 200: messageResponseSchema, ...errorResponses(401, 429) },
    },
    handler: async (request) => {
      const sent = await app.recovery.resendVerification(authOf(request).identityId);
      return {
        message: sent ? 'A new verification email is on its way.' : 'Your email address is already verified.',
      };
    },
  });
};

export default recoveryRoutes;
