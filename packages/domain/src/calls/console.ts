// The provider console's staff accounts (design §11 "Staff accounts"): setting up an account from its
// emailed link, and signing in with password and TOTP code. A staff session is its own token audience
// and refresh cookie: every console call refuses a customer's token, every customer call a staff token.
import { z } from 'zod';
import { tokenResponseSchema } from '../api.ts';
import {
  completeStaffSetupRequestSchema,
  consoleLoginRequestSchema,
  staffMemberSchema,
  staffRecoveryCodesSchema,
  staffSetupQuerySchema,
  staffSetupSchema,
} from '../staff.ts';
import { defineCall } from './define-call.ts';

export const getStaffSetup = defineCall({
  method: 'GET',
  path: '/api/console/setup',
  access: { kind: 'public' },
  operationId: 'getStaffSetup',
  tag: 'console',
  summary:
    'What a staff setup link is for, with the authenticator secret to enrol; ' +
    '404 setup_link_invalid, 410 setup_link_expired/used otherwise',
  query: staffSetupQuerySchema,
  responses: { 200: staffSetupSchema },
  errors: [400, 404, 410, 429],
});

export const completeStaffSetup = defineCall({
  method: 'POST',
  path: '/api/console/setup',
  access: { kind: 'public' },
  operationId: 'completeStaffSetup',
  tag: 'console',
  summary:
    'Set the password and confirm the authenticator with its current code; answers the 10 recovery ' +
    'codes, this once',
  body: completeStaffSetupRequestSchema,
  responses: { 200: staffRecoveryCodesSchema },
  errors: [400, 404, 410, 429],
});

export const consoleLogin = defineCall({
  method: 'POST',
  path: '/api/console/login',
  access: { kind: 'public' },
  operationId: 'consoleLogin',
  tag: 'console',
  summary:
    'Staff sign-in with email, password and the 6-digit code (or a recovery code); sets the console ' +
    'refresh cookie. 5 failures lock the account for 15 minutes (429)',
  body: consoleLoginRequestSchema,
  responses: { 200: tokenResponseSchema },
  errors: [400, 401, 403, 429],
});

export const consoleRefresh = defineCall({
  method: 'POST',
  path: '/api/console/session/refresh',
  access: { kind: 'staffRefreshCookie' },
  operationId: 'consoleRefresh',
  tag: 'console',
  summary: 'Exchange the console refresh cookie for a new access token (within the 8-hour session)',
  responses: { 200: tokenResponseSchema },
  errors: [401, 429],
});

export const consoleLogout = defineCall({
  method: 'POST',
  path: '/api/console/session/logout',
  access: { kind: 'staffRefreshCookie' },
  operationId: 'consoleLogout',
  tag: 'console',
  summary: 'Staff sign-out: end the session of the console refresh cookie and clear it (idempotent)',
  responses: { 204: z.undefined() },
  errors: [429],
});

export const getStaffMe = defineCall({
  method: 'GET',
  path: '/api/console/me',
  access: { kind: 'staff' },
  operationId: 'getStaffMe',
  tag: 'console',
  summary: 'The signed-in staff member',
  responses: { 200: staffMemberSchema },
  errors: [401, 403, 429],
});
