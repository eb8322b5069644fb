// The console's reads about customers (design §11 "Screens"): the overview, the companies list, a
// company's page and activity, and the queues. Every staff member may read them.
import type { FastifyPluginAsync } from 'fastify';
import { consoleCompanies } from '@datafeeds/domain/calls';
import { registerCall } from '../register-call.ts';

const consoleCompanyRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, consoleCompanies.getConsoleOverview, () => app.consoleOverview.overview());

  registerCall(app, consoleCompanies.searchCompanies, ({ query }) => app.companyDirectory.search(query));

  registerCall(app, consoleCompanies.getConsoleCompany, ({ query }) => app.companyPage.get(query.companyId));

  registerCall(app, consoleCompanies.getConsoleCompanyActivity, ({ query }) =>
    app.companyPage.activity(query.companyId, query.page, query.pageSize),
  );

  registerCall(app, consoleCompanies.getConsoleQueues, () => app.consoleOverview.queues());
};

export default consoleCompanyRoutes;
