// A server under test as a child process of its own (so the load generator never shares its event
// loop): started with tsx, optionally profiled, stopped with SIGTERM (SIGKILL after 10 s) — at cleanup
// too — and ready once it reports the port it listens on over IPC: the bare baselines have no health
// route, and the port is the one the system chose (PORT=0). Each bench adds its own questions.
import { join } from 'node:path';
import { spawnServer, untilReady, type Readiness, type ServerProcess } from '@datafeeds/harness/server';
import { onCleanup } from './cleanup.ts';

export interface ChildServer extends ServerProcess {
  url: string;
  /** Sends a question and resolves with the first answer that has `key` (the child-protocol). */
  ask<T>(question: string, key: string): Promise<T>;
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
  repoRoot: string;
  /** Said when the child exits before listening (where its log is, say). */
  exitHint?: string;
}): Promise<ChildServer> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const server = spawnServer({
    name: options.name,
    command: process.execPath,
    args: [...profile, '--import', 'tsx', options.script],
    cwd: options.repoRoot,
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

  return { ...server, url, ask };
}

/** A profile directory per child, under the bench's setting (undefined: no profile). */
export const profileDirFor = (root: string | undefined, label: string) =>
  root ? join(root, label) : undefined;
