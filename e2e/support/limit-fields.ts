// The IETF limit fields a data feed answers with (design §10 "Limit headers"), parsed as a client would,
// with a Structured Fields parser: each policy by name with its parameters.
import { parseList } from 'structured-headers';

export type PolicyParameters = Record<string, unknown>;

function policiesOf(field: string | undefined): Record<string, PolicyParameters> {
  if (field === undefined) return {};
  return Object.fromEntries(
    parseList(field).map(([name, parameters]) => [String(name), Object.fromEntries(parameters)]),
  );
}

/** `RateLimit-Policy` (q, w) and `RateLimit` (r, t) of an answer's headers. */
export function limitFields(headers: Record<string, string>) {
  return { policy: policiesOf(headers['ratelimit-policy']), current: policiesOf(headers.ratelimit) };
}
