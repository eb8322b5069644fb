// The console module: what the provider console reads (design §11 "Screens"), the overview and queues,
// the companies list and a company's page with its activity, and the staff trail. Reading is for every
// staff member; the routes (routes/console/) are guarded by `app.authenticateStaff` through their
// contracts.
import fp from 'fastify-plugin';
import { createCompanyDirectory, type CompanyDirectory } from './company-directory.ts';
import { createCompanyPage, type CompanyPage } from './company-page.ts';
import { createConsoleOverview, type ConsoleOverviewService } from './console-overview.ts';
import { createStaffTrail, type StaffTrailService } from './staff-trail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    companyDirectory: CompanyDirectory;
    companyPage: CompanyPage;
    consoleOverview: ConsoleOverviewService;
    staffTrail: StaffTrailService;
  }
}

export default fp(
  async (app) => {
    const { db, clock } = app;
    const directory = createCompanyDirectory({ db, clock });
    app.decorate('companyDirectory', directory);
    app.decorate('companyPage', createCompanyPage({ db, clock, directory, audit: app.auditEvents }));
    app.decorate('consoleOverview', createConsoleOverview({ db, clock }));
    app.decorate('staffTrail', createStaffTrail({ db, audit: app.auditEvents }));
  },
  { name: 'console', dependencies: ['database', 'audit'] },
);
