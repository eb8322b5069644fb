// Any console.error during a test is a bug the test did not expect: fail it (epic-stack habit).
import { afterEach, vi } from 'vitest';

const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = consoleError.mock.calls.length;
  consoleError.mockClear();
  if (calls > 0) throw new Error(`console.error was called ${calls} time(s) during the test`);
});
