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
  // part of its time waiting (transitions, polling, the server), which two workers left a fifth of the
  // CPU idle through; the whole suite took 217 s on two workers, 174 s on three and 175 s on four.
  fullyParallel: true,
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A net for a hang, not a speed check: every step still waits at most `expect.timeout`. The longest
  // stories take about a minute beside the other worker on a quiet 2-core machine (the keyboard story
  // 1.4 min before its Tab loop stopped querying the page by role per press) and twice that on CI's
  // shared machine, where the keyboard story once ran past 120 s.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace (a screencast and DOM snapshots of every step) took a quarter of the suite's time
    // (4.0 → 3.0 min without it, side by side), for a file CI cannot hand back. A failing test's trace:
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
        // shell paints no frame of a fade, slide or ripple, a sixth less CPU on the heaviest specs.
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
