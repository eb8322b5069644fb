// Where the console's tool screens are (design §11), and the company page the staff trail links to.
export const toolPaths = {
  verifierKeys: '/console/verifier-keys',
  outbox: '/console/outbox',
  plans: '/console/plans',
  staff: '/console/staff',
  trail: '/console/trail',
  company: (id: string) => `/console/companies/${encodeURIComponent(id)}`,
} as const;
