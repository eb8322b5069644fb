// Builds the web app for production and starts the real server on it, as `npm start` does, on a
// temporary DATA_DIR (embedded PGlite, email to the outbox) and a port of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

export function buildWebApp(): void {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@datafeeds/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the production build of the web app failed');
}

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function startServer(port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'datafeeds-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Its own process group, so that stopping it also stops tsx and the node process under npm.
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'start', '-w', '@datafeeds/api'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timeout = setTimeout(() => {
        if (running && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(timeout);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!running) {
      await stop();
      throw new Error(`the server exited before answering (is port ${port} free?)`);
    }
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      if (health.ok) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`the server did not answer ${baseUrl}/api/health within 120 s`);
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
