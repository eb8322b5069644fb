import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Where the portals under test listen. One run starts two, from one build (scripts/serve.ts): the
// embedded default a newcomer gets, and the same portal with both analytics tools switched on.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The server's DATA_DIR, known to the specs so they can run operator commands beside it. */
export const E2E_DATA_DIR = join(tmpdir(), `datafeeds-e2e-${E2E_PORT}`);

/** The portal with analytics keys set; its own database, next port up. */
export const E2E_ANALYTICS_PORT = E2E_PORT + 1;
export const E2E_ANALYTICS_BASE_URL = `http://127.0.0.1:${E2E_ANALYTICS_PORT}`;
export const E2E_ANALYTICS_DATA_DIR = join(tmpdir(), `datafeeds-e2e-${E2E_ANALYTICS_PORT}`);
export const E2E_ANALYTICS_KEYS = {
  MIXPANEL_TOKEN: 'e2e0mixpanel0token0000000000000',
  GA_MEASUREMENT_ID: 'G-E2ETEST123',
};
