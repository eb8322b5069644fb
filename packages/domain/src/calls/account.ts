// The company's account: the upgrade to a paid account (spec §7, design §5).
import { upgradeAccountRequestSchema, upgradeAccountResponseSchema } from '../api.ts';
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
