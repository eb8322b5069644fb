// What the data feed's calls share (design §8). They are made by a few trusted services, thousands of
// times a second, with a verifier key (named in the OpenAPI document): so no per-address request limit
// (a bad key is throttled instead, verifier-authentication.ts), no per-request log lines at info level,
// and none of the browser-oriented security headers (CSP, frame options) a JSON answer to a server does
// not need. Together these were most of a warm verification's cost.
export const dataFeedRoute = {
  helmet: false,
  logLevel: 'warn',
  config: { rateLimit: false },
  // The answers are built by typed code from frozen objects (verification-service.ts) and checked against
  // the response schema in tests; validating each one again on the way out cost a quarter of a call.
  serializerCompiler: () => (answer: unknown) => JSON.stringify(answer),
} as const;

export const verifierSecurity = [{ verifierKey: [] }];
