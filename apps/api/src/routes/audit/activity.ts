// The company's audit trail for its members (design §8 "Audit log"): a page of events, or all of them
// as CSV. Every signed-in member of the company may read it; no other company's event is ever in it.
import type { FastifyPluginAsync } from 'fastify';
import { activity } from '@datafeeds/domain/calls';
import { registerCall } from '../register-call.ts';

const activityRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, activity.getActivity, ({ caller, query }) => app.activity.page(caller, query));

  registerCall(app, activity.exportActivity, async ({ caller, query, reply }) => {
    const csv = await app.activity.exportCsv(caller, query);
    const day = app.clock.now().toISOString().slice(0, 10);
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        // Text, sent as is: the contract declares the answer a file, with no JSON schema.
        .send(csv)
    );
  });
};

export default activityRoutes;
