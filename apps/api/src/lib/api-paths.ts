// The paths the server answers itself; everything else belongs to the web app (files or index.html).
const SERVER_PATH = /^\/(api|refresh|dev)(\/|$|\?)/;

export function isServerPath(url: string): boolean {
  return SERVER_PATH.test(url);
}

/** The development mailbox: the outbox as a page and as JSON. */
export const DEV_MAILBOX_PATHS = { html: '/dev/mailbox', json: '/dev/mailbox.json' } as const;
