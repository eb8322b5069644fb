// Every answer of a signed-in customer's call carries `Cache-Control: no-store`, whatever its content
// type: the CSV export holds members' emails and IP addresses as surely as GetUser holds one. The calls
// are every bearer-secured route the app registers (test/fuzz/route-catalogue.ts), so a new one is in
// the table without editing it.
import { describe, expect, it } from 'vitest';
import { activity, tokens } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { bearer } from '../../helpers/factories.ts';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { catalogue, withRouteDiscovery } from '../../fuzz/route-catalogue.ts';

const { app, registered } = await withRouteDiscovery(() => buildTestApp());
// Signing out ends the session the other calls are made with: those go last.
const customerCalls = catalogue(registered)
  .routes.filter((route) => route.security === 'bearer')
  .sort((a, b) => Number(a.url.endsWith('logout')) - Number(b.url.endsWith('logout')));

const owner = await verifiedUser(app);
const { clientId } = await createdClient(app, owner.token);
/** A valid query where a GET call needs one; other calls get none (their refusal is an answer too). */
const QUERIES: Record<string, Record<string, string>> = {
  [tokens.getClientUsage.path]: { clientId, days: '30' },
};

describe('Cache-Control on the customer calls', () => {
  it('covers the CSV export', () => {
    expect(customerCalls.map((route) => route.key)).toContain(`GET ${activity.exportActivity.path}`);
  });

  it.each(customerCalls.map((route) => [route.key, route] as const))('%s: no-store', async (_key, route) => {
    const answer = await app.inject({
      method: route.method as 'GET',
      url: route.url,
      query: QUERIES[route.url] ?? {},
      headers: bearer(owner.token),
    });
    // Answered as the signed-in owner (a refused body or query is an answer too).
    expect(answer.statusCode, answer.body).not.toBe(401);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    if (route.url === activity.exportActivity.path) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    }
    expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });
});
