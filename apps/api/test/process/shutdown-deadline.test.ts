// The shutdown's deadline ends the process whatever its closing work is waiting for, and names it (design
// §6 "Shutdown").
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDirCopy } from '../helpers/compiled-build.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { startServerProcess } from './server-process.ts';

const fixture = path.join(import.meta.dirname, 'fixtures/never-closing-hook-server.ts');

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
});
