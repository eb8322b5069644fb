// The staff trail (design §11): the provider team's actions, newest first; every staff member may read it.
import type { FastifyPluginAsync } from 'fastify';
import { consoleTools } from '@datafeeds/domain/calls';
import { registerCall } from '../register-call.ts';

const staffTrailRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, consoleTools.getStaffTrail, ({ query }) => app.staffTrail.page(query));
};

export default staffTrailRoutes;
