// Test environment for the web project. As in epic-stack, a console.error during a test fails it:
// React reports real problems (act warnings, bad props, failed renders) there. A test that expects one
// calls allowConsoleErrors().
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { resetAnalyticsForTests } from '@/lib/analytics/analytics';
import { resetSessionForTests } from '@/lib/auth/session-store';
import { setStaffToken } from '@/lib/console/staff-session';
import { refuseUndoubledCalls, takeUnansweredCalls } from './call-doubles';
import { consoleErrorsAllowed, resetConsoleErrorsAllowance } from './console-errors';
import { installMatchMedia } from './match-media';
import { removeRenderedStyles } from './style-cache';

// findBy*/waitFor give up after 1 s by default; on a loaded machine a lazy route and a
// validation round can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSessionForTests();
  setStaffToken(null);
  resetAnalyticsForTests();
  resetConsoleErrorsAllowance();
  installMatchMedia(false);
  // A call no double answers fails the test, in a test that installs none too (mockCalls replaces this).
  refuseUndoubledCalls();
  const original = console.error;
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!consoleErrorsAllowed()) original(...args);
  });
});

afterEach(() => {
  cleanup();
  // Test files share a worker (vitest.config.ts): a fake clock must not outlive its test.
  vi.useRealTimers();
  expect(takeUnansweredCalls(), 'calls the app made that no test double answers').toEqual([]);
  if (consoleErrorsAllowed()) return;
  expect(
    consoleError,
    'console.error was called during the test; call allowConsoleErrors() if that is expected',
  ).not.toHaveBeenCalled();
});

// The styles of this file's screens, once they are all unmounted (style-cache.ts).
afterAll(() => removeRenderedStyles());
