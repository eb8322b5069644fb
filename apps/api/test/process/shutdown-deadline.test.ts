// The shutdown's deadline ends the process whatever its closing work is waiting for, and names it (design
// §6 "Shutdown").
import { connect } from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { auth } from '@datafeeds/domain/calls';
import { migratedDataDirCopy } from '../helpers/compiled-build.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { startServerProcess } from './server-process.ts';

const fixture = path.join(import.meta.dirname, 'fixtures/never-closing-hook-server.ts');
const server = path.join(import.meta.dirname, '../../src/main.ts');

describe.runIf(testDatabaseKind === 'pglite')('the shutdown deadline', () => {
  it('exits 1 when an onClose hook never finishes, naming the hook', async () => {
    // On a migrated database: the subject is the shutdown, not a first start.
    const server = await startServerProcess(
      ['--import', 'tsx', fixture],
      { SHUTDOWN_TIMEOUT_SECONDS: '1' },
      migratedDataDirCopy(),
    );
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    const { code, afterMs } = await server.stop();
    clearTimeout(timer);
    expect(code, server.output()).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(10_000);
    expect(server.output()).toMatch(
      /shutdown deadline passed with onClose hooks still running: never-closing/,
    );
  }, 90_000);

  it('says the requests were cut on stderr when the reader of stdout is gone', async () => {
    const running = await startServerProcess(
      ['--import', 'tsx', server],
      { SHUTDOWN_TIMEOUT_SECONDS: '1' },
      migratedDataDirCopy(),
    );
    // A request whose body never finishes arriving holds the shutdown until the requests' deadline.
    const socket = connect(running.port, '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      `${auth.login.method} ${auth.login.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await vi.waitFor(
      () =>
        expect(running.output()).toMatch(
          new RegExp(`"url":"${auth.login.path}"[^\n]*"msg":"incoming request"`),
        ),
      { timeout: 15_000 },
    );
    // The reader of stdout goes away: every log line from here on is dropped (EPIPE).
    running.child.stdout?.destroy();
    const before = running.output().length;
    const timer = setTimeout(() => running.child.kill('SIGKILL'), 15_000);
    const { code } = await running.stop();
    clearTimeout(timer);
    socket.destroy();
    expect(code, running.output()).toBe(1);
    expect(running.output().slice(before)).toMatch(
      /"level":50[^\n]*"msg":"requests still in flight at the shutdown deadline: closing their connections"/,
    );
  }, 90_000);
});
