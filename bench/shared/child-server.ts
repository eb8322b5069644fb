// A server under test as a child process of its own (so the load generator never shares its event
// loop): started with tsx, optionally profiled, stopped with SIGTERM (SIGKILL after 10 s) — at cleanup
// too — and ready once it reports the port it listens on over IPC. Each bench adds its own questions.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { onCleanup } from './cleanup.ts';

const START_TIMEOUT_MS = 60_000;

export interface ChildServer {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
  /** Sends a question and resolves with the first answer that has `key` (the child-protocol). */
  ask<T>(question: string, key: string): Promise<T>;
}

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
  const { name } = options;
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', options.script], {
    cwd: options.repoRoot,
    stdio: ['ignore', options.stdout, 'inherit', 'ipc'],
    env: { ...process.env, PORT: '0', ...options.env },
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  };
  onCleanup(`stop ${name}`, stop);

  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not listen within 60 s`)), START_TIMEOUT_MS);
    child.on('message', (message: { listening?: number }) => {
      if (typeof message.listening !== 'number') return;
      clearTimeout(timer);
      done(message.listening);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited (code ${code}) before listening${options.exitHint ?? ''}`));
    });
  });

  const ask = <T>(question: string, key: string) =>
    new Promise<T>((done) => {
      const listener = (message: Record<string, unknown>) => {
        if (message[key] === undefined) return;
        child.off('message', listener);
        done(message[key] as T);
      };
      child.on('message', listener);
      child.send(question);
    });

  return { child, url: `http://127.0.0.1:${port}`, stop, ask };
}

/** A profile directory per child, under the bench's setting (undefined: no profile). */
export const profileDirFor = (root: string | undefined, label: string) =>
  root ? join(root, label) : undefined;
