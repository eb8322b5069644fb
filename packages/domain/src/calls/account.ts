// The company's account: the upgrade to a paid account (spec §7, design §5) and its plan's quota (design §10).
import { upgradeAccountRequestSchema, upgradeAccountResponseSchema } from '../api.ts';
import { getQuotaResponseSchema } from '../quota.ts';
import { defineCall } from './define-call.ts';

export const upgradeAccount = defineCall({
  method: 'POST',
  path: '/api/UpgradeAccount',
  access: { kind: 'member', action: 'requestUpgrade' },
  operationId: 'UpgradeAccount',
  tag: 'account',
  summary: 'Request the upgrade to a paid account; asking again answers the open request',
  body: upgradeAccountRequestSchema,
  responses: { 200: upgradeAccountResponseSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const getQuota = defineCall({
  method: 'GET',
  path: '/api/GetQuota',
  access: { kind: 'member' },
  operationId: 'GetQuota',
  tag: 'account',
  summary:
    "The company's plan, today's use of its daily quota (UTC) by token, when it resets and when it runs out at the last hour's rate; fresh within a few seconds",
  responses: { 200: getQuotaResponseSchema },
  errors: [401, 404, 429],
});
