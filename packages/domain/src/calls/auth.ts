// Registration, sign-in and sign-out, refresh, password reset and email verification (spec §7). The
// sign-in calls answer `{ token }` (a short-lived access token) and set the refresh cookie.
import { z } from 'zod';
import {
  loginRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
  verifyEmailRequestSchema,
} from '../api.ts';
import { forgotPasswordSchema, registerSchema } from '../validation.ts';
import { defineCall } from './define-call.ts';

export const register = defineCall({
  method: 'POST',
  path: '/api/register',
  access: { kind: 'public' },
  operationId: 'register',
  tag: 'auth',
  summary: 'Create an account (identity, profile and trial company) and sign in',
  body: registerSchema,
  responses: { 201: tokenResponseSchema },
  errors: [400, 409, 429],
});

export const login = defineCall({
  method: 'POST',
  path: '/api/login',
  access: { kind: 'public' },
  operationId: 'login',
  tag: 'auth',
  summary: 'Sign in with email and password',
  body: loginRequestSchema,
  responses: { 200: tokenResponseSchema },
  errors: [400, 401, 429],
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/logout',
  access: { kind: 'anySession' },
  operationId: 'logout',
  tag: 'auth',
  summary: 'Sign out: revoke the session and clear the refresh cookie (idempotent)',
  responses: { 204: z.undefined() },
  errors: [429],
});

/** The refresh cookie is sent only under /refresh: a sign-out whose access token was lost ends here. */
export const refreshLogout = defineCall({
  method: 'POST',
  path: '/refresh/logout',
  access: { kind: 'anySession' },
  operationId: 'refreshLogout',
  tag: 'auth',
  summary: 'Sign out with the refresh cookie: revoke its session and clear it (idempotent)',
  responses: { 204: z.undefined() },
  errors: [429],
});

export const refresh = defineCall({
  method: 'POST',
  path: '/refresh',
  access: { kind: 'refreshCookie' },
  operationId: 'refresh',
  tag: 'auth',
  summary: 'Exchange the refresh cookie for a new access token; the cookie is rotated',
  responses: { 200: tokenResponseSchema },
  errors: [401, 429],
});

export const forgotPassword = defineCall({
  method: 'POST',
  path: '/api/forgotPassword',
  access: { kind: 'public' },
  operationId: 'forgotPassword',
  tag: 'auth',
  summary: 'Email a password reset link to a known address',
  body: forgotPasswordSchema,
  responses: { 200: messageResponseSchema },
  errors: [400, 429],
});

export const resetPassword = defineCall({
  method: 'POST',
  path: '/api/resetPassword',
  access: { kind: 'public' },
  operationId: 'resetPassword',
  tag: 'auth',
  summary: 'Set a new password with a reset token; signs the user out everywhere',
  body: resetPasswordRequestSchema,
  responses: { 200: messageResponseSchema },
  errors: [400, 429],
});

export const verifyEmail = defineCall({
  method: 'POST',
  path: '/api/verifyEmail',
  access: { kind: 'public' },
  operationId: 'verifyEmail',
  tag: 'auth',
  summary: 'Confirm the email address with the token of the verification link',
  body: verifyEmailRequestSchema,
  responses: { 200: messageResponseSchema },
  errors: [400, 429],
});

export const resendVerification = defineCall({
  method: 'POST',
  path: '/api/resendVerification',
  access: { kind: 'signedIn' },
  operationId: 'resendVerification',
  tag: 'auth',
  summary: 'Send the verification email again (nothing to do once verified)',
  responses: { 200: messageResponseSchema },
  errors: [401, 429],
});
