// The companies module (design §11 "One owner per company"): the company rows and their upgrade
// requests, written here only, and the company's lifecycle that the customer, the console and the
// operator all act through.
import fp from 'fastify-plugin';
import { createCompaniesRepository, type CompaniesRepository } from './companies-repository.ts';
import { createCompanyAccount, type CompanyAccount } from './company-account.ts';

declare module 'fastify' {
  interface FastifyInstance {
    companies: CompaniesRepository;
    /** The company and its lifecycle: the customer's upgrade request, the console's and operator's actions. */
    companyAccount: CompanyAccount;
  }
}

export default fp(
  async (app) => {
    const { db, env, clock, mailer } = app;
    const companies = createCompaniesRepository(db);
    app.decorate('companies', companies);
    app.decorate(
      'companyAccount',
      createCompanyAccount({
        db,
        clock,
        audit: app.auditLog,
        companies,
        credentials: app.credentials,
        notices: app.accountNotices,
        mailer,
        providerTeamEmail: env.PROVIDER_TEAM_EMAIL,
        appUrl: env.APP_URL,
        log: app.log,
      }),
    );
  },
  { name: 'companies', dependencies: ['database', 'audit', 'mail', 'credentials', 'notices'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { CompaniesRepository } from './companies-repository.ts';
export type { CompanyAccount, NotFound } from './company-account.ts';
export { confirmRole } from './confirm-role.ts';
export { refuseWhileSuspended } from './refuse-while-suspended.ts';
export { reinstatedStatusOf } from './reinstated-status.ts';
