// Where the caller's company stands against its plan today (design §10): any member may ask.
import type { FastifyPluginAsync } from 'fastify';
import { account } from '@datafeeds/domain/calls';
import { registerCall } from '../register-call.ts';

const quotaRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, account.getQuota, ({ caller }) => app.quota.of(caller.companyId));
};

export default quotaRoutes;
