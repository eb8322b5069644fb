// The demo data feed (apps/feed-demo), started as a newcomer starts it — `npm run feed:demo` with a
// verifier key the provider team created — against the portal under test.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from '@playwright/test';
import { operator } from './operator.ts';
import { E2E_BASE_URL, E2E_PORT } from './server.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
/** The demo feed's port; a spec that runs a feed of its own beside it gives another. */
const FEED_DEMO_PORT = E2E_PORT + 2;

export interface RunningFeed {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the feed with `verifierKey` (one the test created, in the console say), or with a key the
 * operator command creates for it.
 */
export async function startFeedDemo({
  verifierKey = undefined as string | undefined,
  port = FEED_DEMO_PORT,
} = {}): Promise<RunningFeed> {
  const url = `http://127.0.0.1:${port}`;
  if (verifierKey === undefined) {
    const created = await operator('verifier-key', 'create', 'e2e demo feed');
    verifierKey = /(dfvk_[0-9A-Za-z]{49})/.exec(created)?.[1];
    expect(verifierKey, created).toBeTruthy();
  }
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'feed:demo'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PORTAL_URL: E2E_BASE_URL,
      VERIFIER_KEY: verifierKey,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
  };
  for (let waited = 0; waited < 30_000; waited += 250) {
    const health = await fetch(`${url}/health`).catch(() => undefined);
    if (
      health?.ok &&
      ((await health.json()) as { portal?: { streamConnected?: boolean } }).portal?.streamConnected
    ) {
      return { url, stop };
    }
    await sleep(250);
  }
  await stop();
  throw new Error('the demo feed did not come up');
}
