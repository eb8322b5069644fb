// The HTTP server's timeouts are the ones chosen in app.ts (see the reasons there), not Node's defaults.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-test-app.ts';

describe('server timeouts', () => {
  it('bound how long a client may take to send a request and keep an idle connection', async () => {
    const app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.headersTimeout).toBe(15_000);
    expect(app.server.headersTimeout).toBeLessThanOrEqual(app.server.requestTimeout);
    // Longer than a load balancer's usual 60 s idle timeout, so the balancer closes first.
    expect(app.server.keepAliveTimeout).toBe(72_000);
    expect(app.server.timeout).toBe(120_000);
  });
});
