import { defineConfig, devices } from '@playwright/test';
// Debian's Chromium headless shell with the flags of this closed network, the flags one setting with
// bench:web (the why of both is there).
import { headlessShellLaunchOptions } from '@datafeeds/harness/chromium';
import { E2E_BASE_URL } from './support/server.ts';

export default defineConfig({
  testDir: './tests',
  // Every spec makes its own users, so tests run side by side, files too (a file with a server of its
  // own on a fixed port opts out with mode 'default'). The server is shared: its rate limits are scaled
  // for one address making every request (scripts/serve.ts). Three workers on two cores: a story spends
  // part of its time waiting (transitions, polling, the server), which a third worker fills; a fourth
  // brings nothing more.
  fullyParallel: true,
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A net for a hang, not a speed check: every step still waits at most `expect.timeout`. The longest
  // stories (the keyboard story first) take several times longer on a loaded shared machine than on a
  // quiet one, so the net sits far above a quiet run.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace (a screencast and DOM snapshots of every step) costs a large share of the
    // suite's time, for a file CI cannot hand back. A failing test's trace:
    // `npx playwright test --project=chromium --trace retain-on-failure` in e2e/ (the README).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: headlessShellLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /screenshots\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: headlessShellLaunchOptions,
        // The system's reduced-motion setting, which the app follows (design §7 "Motion"): the headless
        // shell then paints no frame of a fade, slide or ripple, which it would render in software.
        // shell.spec.ts holds both settings to what they do.
        reducedMotion: 'reduce',
      },
    },
    {
      name: 'screenshots',
      testMatch: /screenshots\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: headlessShellLaunchOptions },
    },
  ],
  webServer: {
    command: 'npx tsx scripts/serve.ts',
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
