// The provider console's calls about customers (design §11): the overview, the companies list and a
// company's page, the queues, and the actions on a company or a token. Reading is for every staff
// member; each action is guarded by its line of the console's policy table (policy.ts).
import {
  approveUpgradeRequestSchema,
  changePlanRequestSchema,
  companyActionRequestSchema,
  companyIdQuerySchema,
  consoleActionResultSchema,
  consoleActivityPageSchema,
  consoleCompaniesPageSchema,
  consoleCompanyActivityQuerySchema,
  consoleCompanySchema,
  consoleOverviewSchema,
  consoleQueuesSchema,
  endTokenReviewRequestSchema,
  extendTrialRequestSchema,
  reinstateCompanyRequestSchema,
  searchCompaniesQuerySchema,
  trialExtendedResultSchema,
} from '../console-companies.ts';
import { defineCall } from './define-call.ts';

export const getConsoleOverview = defineCall({
  method: 'GET',
  path: '/api/console/overview',
  access: { kind: 'staff' },
  operationId: 'getConsoleOverview',
  tag: 'console',
  summary:
    'Companies by status, trials ending within 7 days, upgrade requests waiting, tokens under review, ' +
    'verifications and refusals today, failed emails',
  responses: { 200: consoleOverviewSchema },
  errors: [401, 403, 429],
});

export const searchCompanies = defineCall({
  method: 'GET',
  path: '/api/console/companies',
  access: { kind: 'staff' },
  operationId: 'searchCompanies',
  tag: 'console',
  summary:
    "Companies matching a search (the company's name, a member's email, or a client ID), filtered by " +
    'status and plan, sorted, a page at a time',
  query: searchCompaniesQuerySchema,
  responses: { 200: consoleCompaniesPageSchema },
  errors: [400, 401, 403, 429],
});

export const getConsoleCompany = defineCall({
  method: 'GET',
  path: '/api/console/company',
  access: { kind: 'staff' },
  operationId: 'getConsoleCompany',
  tag: 'console',
  summary: "A company's page: plan, upgrade request, today's usage, members and tokens",
  query: companyIdQuerySchema,
  responses: { 200: consoleCompanySchema },
  errors: [400, 401, 403, 404, 429],
});

export const getConsoleCompanyActivity = defineCall({
  method: 'GET',
  path: '/api/console/company/activity',
  access: { kind: 'staff' },
  operationId: 'getConsoleCompanyActivity',
  tag: 'console',
  summary: "A company's audit trail, newest first; staff actions name the staff member",
  query: consoleCompanyActivityQuerySchema,
  responses: { 200: consoleActivityPageSchema },
  errors: [400, 401, 403, 404, 429],
});

export const getConsoleQueues = defineCall({
  method: 'GET',
  path: '/api/console/queues',
  access: { kind: 'staff' },
  operationId: 'getConsoleQueues',
  tag: 'console',
  summary: 'Upgrade requests waiting for approval and tokens under review, oldest first',
  responses: { 200: consoleQueuesSchema },
  errors: [401, 403, 429],
});

export const approveUpgrade = defineCall({
  method: 'POST',
  path: '/api/console/company/approve-upgrade',
  access: { kind: 'staff', action: 'approveUpgrade' },
  operationId: 'approveUpgrade',
  tag: 'console',
  summary:
    'Make the company paid on a plan (its open upgrade request approved); its tokens stop expiring. ' +
    'The data feed applies it within a second',
  body: approveUpgradeRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const extendTrial = defineCall({
  method: 'POST',
  path: '/api/console/company/extend-trial',
  access: { kind: 'staff', action: 'extendTrial' },
  operationId: 'extendTrial',
  tag: 'console',
  summary: 'Move the trial end (and its tokens) later by N days; an ended trial restarts from today',
  body: extendTrialRequestSchema,
  responses: { 200: trialExtendedResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const changeCompanyPlan = defineCall({
  method: 'POST',
  path: '/api/console/company/plan',
  access: { kind: 'staff', action: 'changePlan' },
  operationId: 'changeCompanyPlan',
  tag: 'console',
  summary: 'Move the company to another plan; the data feed applies its limits within a second',
  body: changePlanRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const suspendCompany = defineCall({
  method: 'POST',
  path: '/api/console/company/suspend',
  access: { kind: 'staff', action: 'suspendCompany' },
  operationId: 'suspendCompany',
  tag: 'console',
  summary: 'Stop every token of the company; the data feed refuses them within a second',
  body: companyActionRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const reinstateCompany = defineCall({
  method: 'POST',
  path: '/api/console/company/reinstate',
  access: { kind: 'staff', action: 'reinstateCompany' },
  operationId: 'reinstateCompany',
  tag: 'console',
  summary:
    'Lift a suspension, to a trial or a paid account; without `to`, to the status the company had ' +
    'before its suspension',
  body: reinstateCompanyRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const endTokenReview = defineCall({
  method: 'POST',
  path: '/api/console/token/end-review',
  access: { kind: 'staff', action: 'endTokenReview' },
  operationId: 'endTokenReview',
  tag: 'console',
  summary: 'A token under review becomes active',
  body: endTokenReviewRequestSchema,
  responses: { 200: consoleActionResultSchema },
  errors: [400, 401, 403, 404, 409, 429],
});
