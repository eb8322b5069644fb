// A server started as a separate process with plain node (the compiled build, or a small TypeScript
// script under tsx), then stopped with a signal the way a process manager or an orchestrator stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

export interface RunningServer {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; afterMs: number }>;
  /** Sends the signal and measures from then. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; afterMs: number }>;
}

/**
 * Starts `node <args>` and waits until it listens: on `dataDir` (removed when it exits), or on an empty
 * DATA_DIR of its own.
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'datafeeds-process-')),
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A server that never exits (what some tests provoke) must not outlive its test, even one timed out.
  onTestFinished(() => void child.kill('SIGKILL'));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let signalledAt = performance.now();
  const exited = new Promise<{ code: number | null; afterMs: number }>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, afterMs: performance.now() - signalledAt });
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const look = () => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', look);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      signalledAt = performance.now();
      child.kill(signal);
      return exited;
    },
  };
}
