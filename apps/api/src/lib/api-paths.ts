// The paths the server answers itself; everything else belongs to the web app (files or index.html).
const SERVER_PATH = /^\/(api|refresh|dev)(\/|$|\?)/;

export function isServerPath(url: string): boolean {
  return SERVER_PATH.test(url);
}

/** The data feed's calls (design §8): authorised by a verifier key and throttled by its failures. */
export function isVerificationPath(url: string): boolean {
  return url.startsWith('/api/v1/credentials/');
}

/** The development mailbox: the outbox as a page and as JSON. */
export const DEV_MAILBOX_PATHS = { html: '/dev/mailbox', json: '/dev/mailbox.json' } as const;
