// The browser the end-to-end suite and bench:web drive: Debian's Chromium (scripts/ensure-test-machine.sh
// installs it), never a browser Playwright or Lighthouse would download — this network is closed, and
// the suite should run on the browser the machine keeps up to date. The flags stop Chromium's background
// calls to Google hosts (updates, sync, field trials, QUIC probes), which would otherwise hang or fail
// there; `--no-sandbox` and `--disable-gpu` because the test machines are containers run as root, with
// no GPU, where Chromium's sandbox cannot start.
//
// Headless is left to the caller: Playwright adds `--headless` itself unless run with --headed, while
// chrome-launcher (Lighthouse) needs it spelled out.

/** Where Chromium is; CHROMIUM_PATH overrides it (the setup script reads the same variable). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's `launchOptions` / `chromium.launch()` for that browser. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the setup script installs it): the same
 * Blink and V8 without the browser's UI layer, the build Playwright itself runs headless tests in. The
 * end-to-end suite uses it because it needs less CPU and time than the full browser's headless mode
 * (design §7). It cannot open a window: a run with `--headed` sets
 * CHROMIUM_HEADLESS_SHELL_PATH=/usr/bin/chromium.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Playwright's `launchOptions` for the headless shell. */
export const headlessShellLaunchOptions = {
  executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
  args: [...CHROMIUM_FLAGS],
};
