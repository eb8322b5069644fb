// The demo feed's whole configuration, read from the environment once at start-up.

export interface FeedConfig {
  port: number;
  host: string;
  portalUrl: string;
  verifierKey: string;
}

export const MISSING_VERIFIER_KEY =
  'VERIFIER_KEY is required: create one with "npm run operator -- verifier-key create feed-demo" ' +
  'and pass it as VERIFIER_KEY=dfvk_…';

/** The configuration, or the one line that says what is missing or wrong. */
export function readConfig(env: NodeJS.ProcessEnv): FeedConfig | { problem: string } {
  const verifierKey = env.VERIFIER_KEY?.trim();
  if (!verifierKey) return { problem: MISSING_VERIFIER_KEY };
  const port = Number(env.PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return { problem: `PORT must be a port number (0–65535), got "${env.PORT}".` };
  }
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    portalUrl: env.PORTAL_URL ?? 'http://127.0.0.1:8080',
    verifierKey,
  };
}
