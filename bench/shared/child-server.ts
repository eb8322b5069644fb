// A server under test as a child process of its own (so the load generator never shares its event
// loop): started with tsx, optionally profiled, stopped with SIGTERM (SIGKILL after 10 s) — at cleanup
// too — and ready once it reports the port it listens on over IPC (child-protocol.ts): the bare
// baselines have no health route, and the port is the one the system chose (PORT=0). Each bench adds
// its own questions.
import { join } from 'node:path';
import { spawnServer, untilReady, type Readiness, type ServerProcess } from '@datafeeds/harness/server';
import { CPU_USAGE } from './child-protocol.ts';
import { onCleanup } from './cleanup.ts';
import { repoRoot } from './settings.ts';

export interface ChildServer extends ServerProcess {
  url: string;
  /** Sends a question and resolves with the first answer that has `key` (child-protocol.ts). */
  ask<T>(question: string, key: string): Promise<T>;
  /** The child's CPU time so far (user + system), in microseconds. */
  cpuMicros(): Promise<number>;
}

const announcedPort: Readiness = ({ child }, signal) =>
  new Promise((done) => {
    const listener = (message: { listening?: number }) => {
      if (typeof message.listening !== 'number') return;
      child.off('message', listener);
      done(`http://127.0.0.1:${message.listening}`);
    };
    child.on('message', listener);
    signal.addEventListener('abort', () => child.off('message', listener));
  });

export async function startChildServer(options: {
  name: string;
  /** The script to run, an absolute path. */
  script: string;
  env: Record<string, string>;
  /** Where the child's stdout goes: inherited, or a file descriptor (a log file). */
  stdout: 'inherit' | number;
  /** With a directory, node writes the child's CPU profiles there (one per thread). */
  cpuProfileDir: string | undefined;
  /** Said when the child exits before listening (where its log is, say). */
  exitHint?: string;
}): Promise<ChildServer> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const server = spawnServer({
    name: options.name,
    command: process.execPath,
    args: [...profile, '--import', 'tsx', options.script],
    cwd: repoRoot,
    stdio: ['ignore', options.stdout, 'inherit', 'ipc'],
    env: { ...process.env, PORT: '0', ...options.env },
  });
  onCleanup(`stop ${options.name}`, server.stop);
  const url = await untilReady(server, { ready: announcedPort, hint: options.exitHint });

  const ask = <T>(question: string, key: string) =>
    new Promise<T>((done) => {
      const listener = (message: Record<string, unknown>) => {
        if (message[key] === undefined) return;
        server.child.off('message', listener);
        done(message[key] as T);
      };
      server.child.on('message', listener);
      server.child.send(question);
    });

  const cpuMicros = async () => {
    const usage = await ask<NodeJS.CpuUsage>(CPU_USAGE, 'cpuUsage');
    return usage.user + usage.system;
  };

  return { ...server, url, ask, cpuMicros };
}

/**
 * A profile directory per child, under the bench's setting (undefined: no profile): node writes one
 * profile per thread, and tsx's loader runs on a thread of its own.
 */
export const profileDirFor = (root: string | undefined, label: string) =>
  root ? join(root, label) : undefined;

/** Runs `measure` against a server started for it alone, and stops the server afterwards. */
export async function withServer<Server extends Pick<ServerProcess, 'stop'>, T>(
  start: () => Promise<Server>,
  measure: (server: Server) => Promise<T>,
): Promise<T> {
  const server = await start();
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}
