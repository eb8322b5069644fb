// The four portal calls this package makes, by method and path. Written out rather than read from their
// contracts (@datafeeds/domain/calls) because the contracts carry their zod schemas, and a data-feed
// service should not load a schema library to make four HTTP calls: the package stays zod-free at run
// time. portal-calls.test.ts holds each to its contract, so they cannot drift apart.
export const PORTAL_CALLS = {
  verify: { method: 'POST', path: '/api/v1/credentials/verify' },
  events: { method: 'GET', path: '/api/v1/credentials/events' },
  usage: { method: 'POST', path: '/api/v1/credentials/usage' },
  allowance: { method: 'POST', path: '/api/v1/credentials/allowance' },
} as const;
