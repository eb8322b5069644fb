// Ask the provider team for a paid account (spec §4 "Upgrade flow").
import type { FastifyPluginAsync } from 'fastify';
import { account } from '@datafeeds/domain/calls';
import { originOf } from '../../plugins/app/audit/index.ts';
import { registerCall } from '../register-call.ts';

const upgradeRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, account.upgradeAccount, ({ caller, request }) =>
    app.companyAccount.requestUpgrade(caller, originOf(request)),
  );
};

export default upgradeRoutes;
