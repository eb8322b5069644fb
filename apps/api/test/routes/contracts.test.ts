// Every call is served from its contract (docs/design.md §1 "One contract per call"): the contracts of
// @datafeeds/domain/calls and the routes the app registers are the same set. A contract nobody serves,
// or a route registered beside the contracts, fails here.
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, callName } from '@datafeeds/domain/calls';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { withRouteDiscovery } from '../fuzz/route-catalogue.ts';

/** Routes that are not calls of the portal, served by libraries, with why. */
const NOT_CALLS: { pattern: RegExp; reason: string }[] = [
  { pattern: /^GET \/api\/docs(\/|$)/, reason: 'Swagger UI (@fastify/swagger-ui) pages and files' },
  { pattern: /^GET \/\*$/, reason: 'the built web app (@fastify/static) and its index.html fallback' },
];

/** Routes still registered without a contract: this list only shrinks. */
const NOT_YET_CONTRACTS = new Set<string>([]);

const { app, registered } = await withRouteDiscovery(() =>
  buildTestApp({ env: { LOG_LEVEL: 'error', DEV_MAILBOX: 'true' } }),
);
afterAll(() => app.close());

const served = new Set(
  registered.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => `${method} ${route.url}`),
  ),
);
const isInfrastructure = (name: string) => NOT_CALLS.some(({ pattern }) => pattern.test(name));

describe('the calls the portal serves', () => {
  it('serves every contract', () => {
    const unserved = ALL_CALLS.map(callName).filter((name) => !served.has(name));
    expect(unserved).toEqual([]);
  });

  it('serves nothing but contracts, besides the libraries’ routes', () => {
    const contracts = new Set(ALL_CALLS.map(callName));
    const withoutContract = [...served].filter(
      (name) => !contracts.has(name) && !isInfrastructure(name) && !NOT_YET_CONTRACTS.has(name),
    );
    expect(withoutContract).toEqual([]);
  });
});
