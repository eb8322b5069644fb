// The provider console's own tools (design §11): verifier keys, the email outbox, plans, staff accounts
// and the staff trail. Reading is for every staff member but the staff list (admins); each change is
// guarded by its line of the console's policy table (policy.ts).
import {
  consolePlansSchema,
  consolePlanSchema,
  consoleStaffSchema,
  createdVerifierKeySchema,
  createPlanRequestSchema,
  createStaffRequestSchema,
  createVerifierKeyRequestSchema,
  idRequestSchema,
  outboxQuerySchema,
  outboxSchema,
  staffTrailQuerySchema,
  staffTrailSchema,
  updatePlanRequestSchema,
  verifierKeysSchema,
} from '../console-tools.ts';
import { consoleActionResultSchema } from '../console-companies.ts';
import { defineCall } from './define-call.ts';

export const listVerifierKeys = defineCall({
  method: 'GET',
  path: '/api/console/verifier-keys',
  access: { kind: 'staff' },
  operationId: 'listVerifierKeys',
  tag: 'console',
  summary: 'Every verifier key: created, last used, revoked (never the key)',
  responses: { 200: verifierKeysSchema },
  errors: [401, 403, 429],
});

export const createVerifierKey = defineCall({
  method: 'POST',
  path: '/api/console/verifier-keys',
  access: { kind: 'staff', action: 'manageVerifierKeys' },
  operationId: 'createVerifierKey',
  tag: 'console',
  summary: 'A key for a data-feed service; the key is in this answer only',
  body: createVerifierKeyRequestSchema,
  responses: { 201: createdVerifierKeySchema },
  errors: [400, 401, 403, 429],
});

export const revokeVerifierKey = defineCall({
  method: 'POST',
  path: '/api/console/verifier-keys/revoke',
  access: { kind: 'staff', action: 'manageVerifierKeys' },
  operationId: 'revokeVerifierKey',
  tag: 'console',
  summary: 'Refuse the key from now on: the data feed using it is refused at once',
  body: idRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const listOutbox = defineCall({
  method: 'GET',
  path: '/api/console/outbox',
  access: { kind: 'staff' },
  operationId: 'listOutbox',
  tag: 'console',
  summary: 'Emails given up on (or still being tried): recipient, subject, attempts, last error; no body',
  query: outboxQuerySchema,
  responses: { 200: outboxSchema },
  errors: [400, 401, 403, 429],
});

export const retryEmail = defineCall({
  method: 'POST',
  path: '/api/console/outbox/retry',
  access: { kind: 'staff', action: 'retryEmail' },
  operationId: 'retryEmail',
  tag: 'console',
  summary: 'Send a failed email again, or try a failing one (pending, its last attempt refused) at once',
  body: idRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 429],
});

export const listPlans = defineCall({
  method: 'GET',
  path: '/api/console/plans',
  access: { kind: 'staff' },
  operationId: 'listPlans',
  tag: 'console',
  summary: 'Every plan with its daily quota, rate and the companies on it',
  responses: { 200: consolePlansSchema },
  errors: [401, 403, 429],
});

export const createPlan = defineCall({
  method: 'POST',
  path: '/api/console/plans',
  access: { kind: 'staff', action: 'managePlans' },
  operationId: 'createPlan',
  tag: 'console',
  summary: 'A new plan: requests per UTC day and per second (null: unlimited)',
  body: createPlanRequestSchema,
  responses: { 201: consolePlanSchema },
  errors: [400, 401, 403, 409, 429],
});

export const updatePlan = defineCall({
  method: 'PUT',
  path: '/api/console/plans',
  access: { kind: 'staff', action: 'managePlans' },
  operationId: 'updatePlan',
  tag: 'console',
  summary: "Change a plan's limits; data feeds apply them within a second (not the trial plan's)",
  body: updatePlanRequestSchema,
  responses: { 200: consolePlanSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const listStaff = defineCall({
  method: 'GET',
  path: '/api/console/staff',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'listStaff',
  tag: 'console',
  summary: 'Every staff account: role, and active, setup pending or disabled',
  responses: { 200: consoleStaffSchema },
  errors: [401, 403, 429],
});

export const createStaff = defineCall({
  method: 'POST',
  path: '/api/console/staff',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'createStaff',
  tag: 'console',
  summary: 'A new staff account; its single-use setup link is emailed (48 hours)',
  body: createStaffRequestSchema,
  responses: { 201: consoleActionResultSchema },
  errors: [400, 401, 403, 409, 429],
});

export const disableStaff = defineCall({
  method: 'POST',
  path: '/api/console/staff/disable',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'disableStaff',
  tag: 'console',
  summary: 'Refuse the member’s sign-in and end its sessions (not one’s own account)',
  body: idRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const resetStaffMfa = defineCall({
  method: 'POST',
  path: '/api/console/staff/reset-mfa',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'resetStaffMfa',
  tag: 'console',
  summary: 'Forget the member’s authenticator, recovery codes and sessions; a new setup link is emailed',
  body: idRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const enableStaff = defineCall({
  method: 'POST',
  path: '/api/console/staff/enable',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'enableStaff',
  tag: 'console',
  summary:
    'Let a disabled member sign in again; one who never finished setting up is emailed a new setup link',
  body: idRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const unlockStaff = defineCall({
  method: 'POST',
  path: '/api/console/staff/unlock',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'unlockStaff',
  tag: 'console',
  summary: 'Forget the failed sign-ins that locked a member out, before the 15 minutes are up',
  body: idRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const getStaffTrail = defineCall({
  method: 'GET',
  path: '/api/console/trail',
  access: { kind: 'staff' },
  operationId: 'getStaffTrail',
  tag: 'console',
  summary: "The provider team's actions (console and operator commands), newest first",
  query: staffTrailQuerySchema,
  responses: { 200: staffTrailSchema },
  errors: [400, 401, 403, 429],
});
