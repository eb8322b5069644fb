// Debian's Chromium with the flags this closed network needs (no background calls to Google hosts):
// the same set as the e2e suite. Never a downloaded browser.
import { STORAGE_KEYS } from '../../../apps/web/src/config/storage-keys.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the app keeps the signed-in user's access token. */
export const TOKEN_STORAGE_KEY = STORAGE_KEYS.accessToken;
