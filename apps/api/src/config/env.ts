// The server's configuration, read from the environment once at boot (style: one env module, fail fast).
// Every variable, with its default:
//   PORT                    8080                     TCP port to listen on
//   HOST                    127.0.0.1                interface to listen on; a loopback HOST also enables /dev/mailbox (not in production)
//   NODE_ENV                development              development | production | test
//   LOG_LEVEL               info                     fatal | error | warn | info | debug | trace | silent
//   DATA_DIR                ./data                   PGlite files and generated server secrets (secrets.json, mode 0600);
//                                                    relative paths start where npm was run (INIT_CWD), else the working directory
//   DATABASE_URL            (unset)                  postgres://… to use a PostgreSQL server instead of PGlite
//   SESSION_SECRET          (generated in DATA_DIR)  signs access tokens (JWT HS256); ≥ 32 chars; required with DATABASE_URL or in production
//   CLIENT_SECRET_HASH_KEY  (generated in DATA_DIR)  key of the keyed hash of API client secrets; ≥ 32 chars; same rule
//   APP_URL                 http://HOST:PORT         public base URL of the portal; links in emails; https turns on Secure cookies
//   SMTP_URL                (unset)                  smtp(s)://user:pass@host:port; unset = messages go to the outbox table
//   MAIL_FROM               DataFeeds <no-reply@datafeeds.example>
//   DEV_MAILBOX             false                    true serves /dev/mailbox even on a non-loopback HOST; refused in production
//   REDIS_URL               (unset)                  redis://… keeps rate-limit and login-lockout counters in Redis
//   REDIS_KEY_PREFIX        datafeeds:               prefix of every Redis key this server writes
//   RATE_LIMIT_SCALE        1                        multiplies every per-IP request limit (many people behind one NAT; test runs)
//   TRUST_PROXY             false                    the proxies in front: a hop count, or their addresses/CIDRs comma-separated;
//                                                    client IPs (rate limits) then come from X-Forwarded-For, never trusting a client-sent hop
//   SHUTDOWN_TIMEOUT_SECONDS 10                      on SIGTERM/SIGINT, how long requests in flight may take before their connections are cut
//   WEB_DIST_DIR            apps/web/dist            the built web app served with an SPA fallback
//   ROADMAP_URL             https://roadmap.datafeeds.example         sidebar link (GET /api/config)
//   DOCUMENTATION_URL       https://docs.datafeeds.example            sidebar link
//   SUPPORT_URL             https://support.datafeeds.example         sidebar link (help desk)
//   TERMS_OF_SERVICE_URL    (unset)                  linked from the registration's terms checkbox when set
//   PRIVACY_POLICY_URL      (unset)                  linked from the registration's privacy checkbox when set
//   PROVIDER_TEAM_EMAIL     provider-team@datafeeds.example           receives upgrade requests
//   MIXPANEL_TOKEN          (unset)                  Mixpanel project token: turns on Mixpanel in the web app
//   MIXPANEL_API_HOST       https://api-js.mixpanel.com               where Mixpanel events go (https://api-eu.mixpanel.com for EU residency)
//   GA_MEASUREMENT_ID       (unset)                  Google Analytics 4 measurement id (G-…): turns on GA4 in the web app
import path from 'node:path';
import { z } from 'zod';
import { API_PACKAGE_DIR } from './package-dir.ts';

export const DEFAULT_WEB_DIST_DIR = path.resolve(API_PACKAGE_DIR, '../web/dist');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const optionalUrl = (protocols: RegExp) =>
  optionalText.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be a URL (${protocols.source})`,
  });
const secret = optionalText.refine((value) => value === undefined || value.length >= 32, {
  message: 'must be at least 32 characters',
});
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * Which X-Forwarded-For hops to believe: a hop count (the proxies in front, when the server is reachable
 * only through them) or the proxies' addresses/CIDRs. `true` used to trust every hop, which let a client
 * choose its own address (the left-most entry) and escape every per-address limit: it is refused.
 */
const trustedProxies = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f]*:[0-9a-f:]*)(\/\d{1,3})?$/i;
    if (value !== 'true' && entries.every((entry) => address.test(entry))) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be false, the number of proxies in front (e.g. 1), or their addresses/CIDRs separated by ' +
        'commas (true, which trusted every hop, is no longer accepted)',
    });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:/),
    SESSION_SECRET: secret,
    CLIENT_SECRET_HASH_KEY: secret,
    APP_URL: optionalUrl(/^https?:/),
    SMTP_URL: optionalUrl(/^smtps?:/),
    MAIL_FROM: z.string().trim().min(3).default('DataFeeds <no-reply@datafeeds.example>'),
    DEV_MAILBOX: booleanFlag,
    REDIS_URL: optionalUrl(/^rediss?:/),
    REDIS_KEY_PREFIX: z.string().trim().min(1).default('datafeeds:'),
    TRUST_PROXY: trustedProxies,
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
    WEB_DIST_DIR: z.string().trim().min(1).default(DEFAULT_WEB_DIST_DIR),
    ROADMAP_URL: z.url().default('https://roadmap.datafeeds.example'),
    DOCUMENTATION_URL: z.url().default('https://docs.datafeeds.example'),
    SUPPORT_URL: z.url().default('https://support.datafeeds.example'),
    TERMS_OF_SERVICE_URL: optionalUrl(/^https?:/),
    PRIVACY_POLICY_URL: optionalUrl(/^https?:/),
    PROVIDER_TEAM_EMAIL: z.email().default('provider-team@datafeeds.example'),
    MIXPANEL_TOKEN: optionalText.refine(
      (value) => value === undefined || /^[A-Za-z0-9_-]{6,128}$/.test(value),
      {
        message: 'must be a Mixpanel project token (letters, digits, _ and -)',
      },
    ),
    MIXPANEL_API_HOST: z
      .url({ protocol: /^https$/ })
      .default('https://api-js.mixpanel.com')
      .transform((value) => new URL(value).origin),
    GA_MEASUREMENT_ID: optionalText.refine(
      (value) => value === undefined || /^G-[A-Z0-9]{4,20}$/.test(value),
      {
        message: 'must be a Google Analytics 4 measurement id such as G-ABC123XYZ',
      },
    ),
    // Set by npm to the directory it was started in: `npm start` at the repository root runs this
    // package's script in apps/api, yet ./data should mean the root's data folder.
    INIT_CWD: optionalText,
  })
  .superRefine((env, context) => {
    // A secret generated into one instance's DATA_DIR is that instance's alone: a session signed by one
    // would fail on the next, and a client secret hashed by one would not verify on another. Where
    // several instances are the point (a PostgreSQL server, production), both must be given.
    if (env.DATABASE_URL || env.NODE_ENV === 'production') {
      for (const name of ['SESSION_SECRET', 'CLIENT_SECRET_HASH_KEY'] as const) {
        if (env[name] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `is required with DATABASE_URL or NODE_ENV=production, the same on every instance (at least 32 characters, e.g. from \`openssl rand -base64 48\`)`,
          });
        }
      }
    }
    // Behind a reverse proxy on the same host a loopback HOST proves nothing, and the mailbox hands
    // every reset link to whoever asks: production never serves it, and asking for it is a mistake.
    if (env.NODE_ENV === 'production' && env.DEV_MAILBOX) {
      context.addIssue({
        code: 'custom',
        path: ['DEV_MAILBOX'],
        message:
          'must not be true in production: the development mailbox shows every live reset link to anyone who can reach it',
      });
    }
  })
  .transform((env) => {
    const hostForUrl = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
    const appUrl = (env.APP_URL ?? `http://${hostForUrl}:${env.PORT}`).replace(/\/+$/, '');
    return {
      ...env,
      APP_URL: appUrl,
      DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR),
      WEB_DIST_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), env.WEB_DIST_DIR),
    };
  });

export type Env = z.output<typeof envSchema>;
export type EnvInput = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the given variables (the process environment by default), listing every bad one at once. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

/**
 * The development mailbox shows live one-time links: never in production; elsewhere on a developer's
 * machine (a loopback HOST) or when asked for.
 */
export function devMailboxEnabled(env: Pick<Env, 'HOST' | 'DEV_MAILBOX' | 'NODE_ENV'>): boolean {
  return env.NODE_ENV !== 'production' && (isLoopbackHost(env.HOST) || env.DEV_MAILBOX);
}

/** Loopback hosts are where a developer runs the server; only there is the dev mailbox served by default. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}
