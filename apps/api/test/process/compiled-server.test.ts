// The server as `npm start` runs it: compiled to JavaScript and started with plain node (no TypeScript
// at run time), then stopped with SIGTERM the way a process manager or an orchestrator stops it.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { auth, system } from '@datafeeds/domain/calls';
import { compiledFile, migratedDataDirCopy } from '../helpers/compiled-build.ts';
import { uniqueRegistration } from '../helpers/factories.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { startServerProcess } from './server-process.ts';

/**
 * The run's compiled build on plain node: no tsx loader, so any TypeScript left in the build would fail
 * to load. The first test starts on an empty DATA_DIR, as a newcomer's `npm start` does; the shutdown
 * tests on a copy of a migrated one (their subject is the signal, not the first start).
 */
const startCompiledServer = (env: Record<string, string> = {}, dataDir?: string) =>
  startServerProcess([compiledFile('main.js')], env, dataDir);
const startMigratedCompiledServer = (env: Record<string, string> = {}) =>
  startCompiledServer(env, migratedDataDirCopy());

const register = (url: string) =>
  fetch(`${url}${auth.register.path}`, {
    method: auth.register.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(uniqueRegistration()),
  });

// Each test starts a server process: slow on an empty PGlite database, and much slower beside other
// workers on a loaded machine, hence the long timeout.
describe.runIf(testDatabaseKind === 'pglite')('the compiled server', { timeout: 90_000 }, () => {
  it('runs on plain node, answers liveness and readiness, and stops at once when idle', async () => {
    const server = await startCompiledServer();
    const live = await fetch(`${server.url}${system.liveness.path}`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}${system.readiness.path}`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: 'up' } });
    expect((await fetch(`${server.url}${system.openapiDocument.path}`)).status).toBe(200);

    // An idle keep-alive connection does not hold the shutdown.
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      request(`${server.url}${system.liveness.path}`, { agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end(),
    );
    const { code, afterMs } = await server.stop();
    agent.destroy();
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(5_000);
  });

  it('on SIGTERM finishes the requests in flight, refuses new connections and exits 0', async () => {
    const server = await startMigratedCompiledServer();
    // Registrations hash a password (tens of milliseconds each): several are still running at the signal,
    // sent once the server has read all six (a connection it has not read a request from yet is idle,
    // and closing idle connections is what a shutdown does).
    const inFlight = Array.from({ length: 6 }, () => register(server.url));
    // vi.waitFor gives up after 1 s by default; a loaded machine may take longer to read all six.
    await vi.waitFor(
      () => {
        const received = server.output().match(/"url":"\/api\/register"[^\n]*"msg":"incoming request"/g);
        expect(received).toHaveLength(6);
      },
      { timeout: 15_000 },
    );
    const completedBefore = (server.output().match(/"statusCode":201/g) ?? []).length;
    const exit = server.stop();
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(completedBefore).toBeLessThan(6);
    expect((await exit).code, server.output()).toBe(0);
    await expect(fetch(`${server.url}${system.liveness.path}`)).rejects.toThrow();
    expect(server.output()).toMatch(/shutting down: finishing requests in flight/);
    expect(server.output()).toMatch(/"msg":"shut down"/);
  });

  it('cuts a request still running at the deadline and exits 1, saying so', async () => {
    const server = await startMigratedCompiledServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    // A request whose body never finishes arriving: it would hold the shutdown forever.
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      `${auth.login.method} ${auth.login.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100\r\n\r\n{"email":',
    );
    // Signalled once the server has read the request's head: before that the connection is idle, and a
    // shutdown closes idle connections at once (a fixed 100 ms wait was too short on a loaded machine).
    await vi.waitFor(
      () =>
        expect(server.output()).toMatch(
          new RegExp(`"url":"${auth.login.path}"[^\n]*"msg":"incoming request"`),
        ),
      { timeout: 15_000 },
    );
    const { code, afterMs } = await server.stop();
    socket.destroy();
    expect(code, server.output()).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(10_000);
    expect(server.output()).toMatch(/requests still in flight at the shutdown deadline/);
  }, 90_000);

  it('exits when the reader of its output goes away at the signal, with unwritten log lines', async () => {
    const server = await startMigratedCompiledServer({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    // The reader stops reading: long request lines fill the pipe, and the log holds what it cannot write.
    server.child.stdout?.pause();
    const longUrl = `${server.url}/api/nothing-here?filler=${'x'.repeat(12_000)}`;
    for (let sent = 0; sent < 80; sent += 10)
      await Promise.all(
        Array.from({ length: 10 }, () => fetch(longUrl).then((answer) => answer.body?.cancel())),
      );
    // It sends the signal and exits: the write end of the pipe is broken (EPIPE) from then on.
    const exit = server.stop();
    server.child.stdout?.destroy();
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
    const { code, afterMs } = await exit;
    clearTimeout(timer);
    expect(code, server.output()).toBe(0);
    expect(afterMs).toBeLessThan(10_000);
  }, 90_000);
});
