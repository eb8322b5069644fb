import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Where the portal under test listens. One server per run, started by Playwright's webServer.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The server's DATA_DIR, known to the specs so they can run operator commands beside it. */
export const E2E_DATA_DIR = join(tmpdir(), `datafeeds-e2e-${E2E_PORT}`);
