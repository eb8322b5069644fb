// Builds the web app for production and starts the real server on it, as `npm start` does, on a
// temporary DATA_DIR (embedded PGlite, email to the outbox) and a port of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { healthAt, startServer } from '@datafeeds/harness/server';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** The web app and the compiled server, as `npm start` builds them (the server runs from apps/api/dist). */
export function buildWebApp(): void {
  for (const workspace of ['@datafeeds/web', '@datafeeds/api']) {
    const build = spawnSync('npm', ['run', '--silent', 'build', '-w', workspace], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error(`the production build of ${workspace} failed`);
  }
}

export interface WebServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function serveProductionBuild(port: number): Promise<WebServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'datafeeds-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer({
      name: 'the server',
      command: 'npm',
      args: ['run', '--silent', 'start', '-w', '@datafeeds/api'],
      cwd: repoRoot,
      // npm starts tsx, which starts node: only their process group stops them all.
      ownProcessGroup: true,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: baseUrl,
        LOG_LEVEL: 'warn',
      },
      ready: healthAt(baseUrl),
      timeoutMs: 120_000,
      hint: ` (is port ${port} free?)`,
    });
    return { baseUrl, stop: () => server.stop().finally(removeDataDir) };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

/** Signs up a fresh user through the API and returns its access token (the app keeps it in localStorage). */
export async function registerUser(baseUrl: string): Promise<string> {
  const id = Date.now().toString(36);
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Runner',
      companyName: 'Bench Company',
      email: `bench-${id}@example.com`,
      username: `bench${id}`,
      password: 'bench-password-1',
      phone: '',
      userHasAgreedToTermsOfService: true,
      userHasReadPrivacyPolicy: true,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/register answered ${response.status}: ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return token;
}
