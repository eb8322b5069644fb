// What the data feed's calls share (design §8). They are made by a few trusted services, thousands of
// times a second, with a verifier key (named in the OpenAPI document): so no per-address request limit
// (a bad key is throttled instead, verifier-authentication.ts), no per-request log lines at info level,
// and none of the browser-oriented security headers (CSP, frame options) a JSON answer to a server does
// not need. Together they would be a large share of a warm verification's cost.
import type { CallRouteOptions } from '../register-call.ts';

/**
 * Answers are built by typed code (verification-service.ts) and checked against the response schema in
 * tests; validating each again on the way out would add to every call. Most are frozen objects shared
 * by every call (a credential's VALID answer, the plain refusals), so each is written out once.
 */
const written = new WeakMap<object, string>();
function writeAnswer(answer: unknown): string {
  if (typeof answer !== 'object' || answer === null) return JSON.stringify(answer);
  let json = written.get(answer);
  if (json === undefined) {
    json = JSON.stringify(answer);
    if (Object.isFrozen(answer)) written.set(answer, json);
  }
  return json;
}

export const dataFeedRoute: CallRouteOptions = {
  helmet: false,
  logLevel: 'warn',
  config: { rateLimit: false },
  serializerCompiler: () => writeAnswer,
};
