// Runs before every test file. Test files share a worker's modules (vitest.config.ts, `isolate: false`),
// so what a file opens is closed here after it, and no state is carried into the next file.
import { afterAll, afterEach, vi } from 'vitest';
import { closeTestApps } from './build-test-app.ts';
import { closeTestDatabase } from './test-database.ts';

// Any console.error during a test is a bug the test did not expect: fail it (epic-stack habit).
const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = consoleError.mock.calls.length;
  consoleError.mockClear();
  if (calls > 0) throw new Error(`console.error was called ${calls} time(s) during the test`);
});

// The apps first: they hold connections to the database.
afterAll(async () => {
  await closeTestApps();
  await closeTestDatabase();
});
