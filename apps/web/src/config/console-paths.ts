// Where the console's screens are (design §11); the setup path is the one the staff email links to.
export const consolePaths = {
  home: '/console',
  login: '/console/login',
  setup: '/console/setup',
  companies: '/console/companies',
  queues: '/console/queues',
  verifierKeys: '/console/verifier-keys',
  outbox: '/console/outbox',
  plans: '/console/plans',
  staff: '/console/staff',
  trail: '/console/trail',
} as const;

/** The queues page's section of tokens under review, which the overview links to. */
export const REVIEWS_SECTION_ID = 'reviews';
export const UPGRADES_SECTION_ID = 'upgrades';

/** A company's page (routed at companies/:companyId in app/router.tsx). */
export function consoleCompanyPath(companyId: string): string {
  return `${consolePaths.companies}/${encodeURIComponent(companyId)}`;
}
