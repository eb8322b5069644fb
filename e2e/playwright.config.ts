import { defineConfig, devices } from '@playwright/test';
// Debian's Chromium with the flags of this closed network: one setting with bench:web (the why is there).
import { chromiumLaunchOptions } from '@datafeeds/harness/chromium';
import { E2E_BASE_URL } from './support/server.ts';

export default defineConfig({
  testDir: './tests',
  // Every spec makes its own users, so tests run side by side on two workers, files too (a file with a
  // server of its own on a fixed port opts out with mode 'default'). The server is shared: its rate
  // limits are scaled for one address making every request (scripts/serve.ts).
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The longest stories (a grace rotation with thirteen accessibility checks) take ~22 s alone and over a
  // minute beside the other worker on a 2-core machine: the test's budget is a net for a hang, while
  // every step still waits at most `expect.timeout`.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /screenshots\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'screenshots',
      testMatch: /screenshots\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
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
