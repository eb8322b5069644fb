// Starting a server under test and knowing when it can serve, the one way the end-to-end suite and the
// benches do it: spawn the command, wait until it is ready (by default until the portal's readiness
// check answers 200), and stop it with SIGTERM — its graceful shutdown — then SIGKILL after a grace
// period. A process that exits before it is ready fails the start at once, with its exit code and the
// caller's hint, rather than after the whole timeout.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { system } from '@datafeeds/domain/calls';

export interface ServerCommand {
  /** Names the server in errors: "the analytics portal exited (code 1) before it was ready". */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Default: no stdin; stdout and stderr inherited. */
  stdio?: StdioOptions;
  /**
   * Runs it in a process group of its own and signals the whole group, so that stopping `npm run …`
   * also stops tsx and node under npm. Leave it off when whoever runs us kills our group on its way out
   * (Playwright's webServer does, with SIGKILL): a server in a group of its own would outlive the run.
   */
  ownProcessGroup?: boolean;
  /** How long SIGTERM has before SIGKILL; default 10 s. */
  graceMs?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it never started (the command was not found, say). */
  error?: Error;
}

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<ExitStatus>;
  /** SIGTERM, then SIGKILL after the grace period; resolves once the process has exited. */
  stop(): Promise<void>;
}

/** Resolves with the address the server answers at once it can serve; gives up when `signal` aborts. */
export type Readiness = (server: ServerProcess, signal: AbortSignal) => Promise<string>;

export interface ReadyOptions {
  ready: Readiness;
  /** Default 60 s. */
  timeoutMs?: number;
  /** Appended to the error when the start fails: where the server's log is, which port it wanted. */
  hint?: string;
}

export type RunningServer = ServerProcess & { url: string };

export function spawnServer(command: ServerCommand): ServerProcess {
  const ownGroup = command.ownProcessGroup ?? false;
  const child = spawn(command.command, command.args, {
    cwd: command.cwd,
    env: command.env,
    stdio: command.stdio ?? ['ignore', 'inherit', 'inherit'],
    detached: ownGroup,
  });
  let running = true;
  const exited = new Promise<ExitStatus>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }));
    // A command that cannot start emits 'error' and never 'exit'.
    child.on('error', (error) => {
      if (child.pid === undefined) done({ code: null, signal: null, error });
      else console.error(`${command.name}: ${error.message}`);
    });
  });
  void exited.then(() => (running = false));

  const send = (signal: NodeJS.Signals) => {
    if (!running || child.pid === undefined) return;
    try {
      if (ownGroup) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // Gone in the meantime.
    }
  };
  const stop = async () => {
    if (!running) return;
    send('SIGTERM');
    const kill = setTimeout(() => send('SIGKILL'), command.graceMs ?? 10_000);
    await exited;
    clearTimeout(kill);
  };
  return { name: command.name, child, exited, stop };
}

const describeExit = ({ code, signal, error }: ExitStatus) =>
  error ? `could not start (${error.message})` : signal ? `was ended by ${signal}` : `exited (code ${code})`;

/** Waits until the server is ready and returns its address; stops it when it is not, and throws. */
export async function untilReady(server: ServerProcess, options: ReadyOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const hint = options.hint ?? '';
  const giveUp = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const failed = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`${server.name} was not ready within ${timeoutMs / 1000} s${hint}`)),
      timeoutMs,
    );
    void server.exited.then((status) =>
      fail(new Error(`${server.name} ${describeExit(status)} before it was ready${hint}`)),
    );
  });
  try {
    return await Promise.race([options.ready(server, giveUp.signal), failed]);
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    clearTimeout(timer);
    giveUp.abort();
  }
}

export async function startServer(command: ServerCommand & ReadyOptions): Promise<RunningServer> {
  const server = spawnServer(command);
  return { ...server, url: await untilReady(server, command) };
}

/**
 * Ready once GET <baseUrl>/api/health/ready answers 200: the portal listens and its database answers
 * (the same answer as /api/health, under the name a load balancer checks).
 */
export const healthAt =
  (baseUrl: string): Readiness =>
  async (_server, signal) => {
    for (;;) {
      // One slow answer must not use up the whole wait.
      const attempt = AbortSignal.any([signal, AbortSignal.timeout(5_000)]);
      const answer = await fetch(`${baseUrl}${system.readiness.path}`, { signal: attempt }).catch(
        () => undefined,
      );
      await answer?.body?.cancel();
      if (answer?.ok) return baseUrl;
      signal.throwIfAborted();
      await sleep(250, undefined, { signal });
    }
  };
