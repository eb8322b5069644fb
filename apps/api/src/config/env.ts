// The server's configuration, read from the environment once at boot (style: one env module, fail fast).
// Every variable is documented once, by the `.meta()` of its field in `envFields` below: what the
// documentation shows as its default, and what it means. docs/configuration.md's table is generated from
// them (`npm run docs:config`), and a test fails when the two disagree.
import path from 'node:path';
import { z } from 'zod';
import { API_PACKAGE_DIR } from './package-dir.ts';
import { MAX_PLAN_DAILY_QUOTA, MAX_PLAN_RATE_PER_SECOND } from '@datafeeds/domain';

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

/** A switch that is on unless set to `false` or `0`. */
const onUnlessOff = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

/**
 * Which X-Forwarded-For hops to believe: a hop count (the proxies in front, when the server is reachable
 * only through them) or the proxies' addresses/CIDRs. `true` (trusting every hop) would let a client
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

/** Every variable, each documented next to its field: docs/configuration.md's table is generated from these. */
export const envFields = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .meta({ shown: '`development`', description: '`development`, `production` or `test`' }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta({ shown: '`info`', description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' }),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8080)
    .meta({ shown: '`8080`', description: 'port to listen on' }),
  FEED_PORT: optionalText.pipe(z.coerce.number<string>().int().min(0).max(65535).optional()).meta({
    shown: '(unset)',
    description:
      "also serve the data feed's calls (verify, allowance, usage, events: what `@datafeeds/verifier` calls) on this port, on `HOST`, by a listener that runs nothing else; they stay on `PORT` too",
  }),
  HOST: z.string().trim().min(1).default('127.0.0.1').meta({
    shown: '`127.0.0.1`',
    description:
      'address to listen on; a loopback address also serves the development mailbox (not in production)',
  }),
  DATA_DIR: z.string().trim().min(1).default('./data').meta({
    shown: '`./data`',
    description:
      'the embedded database (`pglite/`) and the generated server secrets (`secrets.json`, mode 0600); a relative path starts where you ran npm',
  }),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:/).meta({
    shown: '(unset)',
    description:
      '`postgres://…`: use this PostgreSQL server instead of the embedded database (same migrations, applied at start-up); without `REDIS_URL`, revocations travel by LISTEN/NOTIFY',
  }),
  SESSION_SECRET: secret.meta({
    shown: 'generated in `DATA_DIR`',
    description:
      'signs access tokens (≥ 32 characters); required, the same on every instance, with `DATABASE_URL` or `NODE_ENV=production` (the server refuses to start without it)',
  }),
  CLIENT_SECRET_HASH_KEY: secret.meta({
    shown: 'generated in `DATA_DIR`',
    description: 'key of the keyed hash of API client secrets (≥ 32 characters); required in the same cases',
  }),
  APP_URL: optionalUrl(/^https?:/).meta({
    shown: '`http://HOST:PORT`',
    description:
      'public address of the portal: the base of links in emails; `https://` turns on Secure cookies and HSTS; with `DATABASE_URL`, an operator command that emails a link refuses to run without it',
  }),
  SMTP_URL: optionalUrl(/^smtps?:/).meta({
    shown: '(unset)',
    description:
      '`smtp://user:pass@host:port` (or `smtps://`): send email through this server; unset, every email goes to the outbox',
  }),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .default('DataFeeds <no-reply@datafeeds.example>')
    .meta({ shown: '`DataFeeds <no-reply@datafeeds.example>`', description: 'sender of every email' }),
  DEV_MAILBOX: booleanFlag.meta({
    shown: '`false`',
    description:
      '`true` serves `/dev/mailbox` even when not listening on a loopback address; refused in production',
  }),
  REDIS_URL: optionalUrl(/^rediss?:/).meta({
    shown: '(unset)',
    description:
      '`redis://…`: keep rate-limit and login-lockout counters in Redis so limits hold across instances, and carry credential revocations between instances (pub/sub)',
  }),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .min(1)
    .default('datafeeds:')
    .meta({ shown: '`datafeeds:`', description: 'prefix of every Redis key the server writes' }),
  TRUST_PROXY: trustedProxies.meta({
    shown: '`false`',
    description:
      "the reverse proxies in front, so rate limits see the client's address from `X-Forwarded-For`: their number when the server is reachable only through them (`1`), or their addresses/CIDRs (`127.0.0.1`, `10.0.0.0/8, ::1`); `true`, which trusted every hop and let a client choose its address, is refused",
  }),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1).meta({
    shown: '`1`',
    description:
      'multiplies every per-IP request limit (register 10/min, forgot password 5/min, credentials 30/min, …): raise it when many people share one address, as behind a corporate NAT',
  }),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10).meta({
    shown: '`10`',
    description:
      'on SIGTERM/SIGINT, how long requests in flight may take before their connections are cut, then how long the closing work (onClose hooks, log) may take; past either, the process exits 1',
  }),
  USAGE_METERING: onUnlessOff.meta({
    shown: '`true`',
    description:
      'counts every verification per token, feed, hour and outcome for the token\'s usage chart (design §8 "Usage"); `false` only for the verify benchmark\'s comparison run',
  }),
  LIMIT_ENFORCEMENT: z.enum(['on', 'off']).default('on').meta({
    shown: '`on`',
    description:
      "`on`: the portal's verify call admits VALID answers within the plan's quota and rate and the token's cap (`QUOTA_EXCEEDED`, `RATE_LIMITED` past them; design §10 \"Allowance leases\"); `off` admits all (the verify benchmark's baseline)",
  }),
  TRIAL_REMINDER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300).meta({
    shown: '`300`',
    description:
      'how often each instance sends the trial reminders that are due (7, 3 and 1 days before a trial ends, and at its end; each once, however many instances run); `0` turns them off on this instance',
  }),
  TRIAL_DAILY_QUOTA: z.coerce.number().int().min(1).max(MAX_PLAN_DAILY_QUOTA).default(10_000).meta({
    shown: '`10000`',
    description:
      "requests a trial company's tokens may have admitted per UTC day, all together (design §10); the `trial` plan is brought in line with it at start-up, and every data feed hears of a change within a second — the same on every instance",
  }),
  TRIAL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(MAX_PLAN_RATE_PER_SECOND).default(10).meta({
    shown: '`10`',
    description:
      "requests a trial company's tokens may have admitted per second, all together; brought into the `trial` plan at start-up like `TRIAL_DAILY_QUOTA`",
  }),
  WEB_DIST_DIR: z
    .string()
    .trim()
    .min(1)
    .default(DEFAULT_WEB_DIST_DIR)
    .meta({ shown: '`apps/web/dist`', description: 'the built web app the server serves' }),
  ROADMAP_URL: z
    .url()
    .default('https://roadmap.datafeeds.example')
    .meta({ shown: '`https://roadmap.datafeeds.example`', description: 'sidebar "Roadmap" link' }),
  DOCUMENTATION_URL: z
    .url()
    .default('https://docs.datafeeds.example')
    .meta({ shown: '`https://docs.datafeeds.example`', description: 'sidebar "Documentation" link' }),
  SUPPORT_URL: z.url().default('https://support.datafeeds.example').meta({
    shown: '`https://support.datafeeds.example`',
    description: 'sidebar "Support" (help desk) link',
  }),
  TERMS_OF_SERVICE_URL: optionalUrl(/^https?:/).meta({
    shown: '(unset)',
    description: "linked from the registration's terms checkbox when set",
  }),
  PRIVACY_POLICY_URL: optionalUrl(/^https?:/).meta({
    shown: '(unset)',
    description: "linked from the registration's privacy checkbox when set",
  }),
  PROVIDER_TEAM_EMAIL: z.email().default('provider-team@datafeeds.example').meta({
    shown: '`provider-team@datafeeds.example`',
    description: "the provider team's address, which receives upgrade requests",
  }),
  MIXPANEL_TOKEN: optionalText
    .refine((value) => value === undefined || /^[A-Za-z0-9_-]{6,128}$/.test(value), {
      message: 'must be a Mixpanel project token (letters, digits, _ and -)',
    })
    .meta({
      shown: '(unset)',
      description:
        'Mixpanel project token: switches Mixpanel on in the web app (see Analytics); unset, its SDK is never loaded',
    }),
  MIXPANEL_API_HOST: z
    .url({ protocol: /^https$/ })
    .default('https://api-js.mixpanel.com')
    .transform((value) => new URL(value).origin)
    .meta({
      shown: '`https://api-js.mixpanel.com`',
      description: 'where Mixpanel events go (`https://api-eu.mixpanel.com` for EU data residency)',
    }),
  GA_MEASUREMENT_ID: optionalText
    .refine((value) => value === undefined || /^G-[A-Z0-9]{4,20}$/.test(value), {
      message: 'must be a Google Analytics 4 measurement id such as G-ABC123XYZ',
    })
    .meta({
      shown: '(unset)',
      description:
        'Google Analytics 4 measurement id (`G-…`): switches GA4 on in the web app; unset, gtag.js is never loaded',
    }),
  // Set by npm to the directory it was started in: `npm start` at the repository root runs this
  // package's script in apps/api, yet ./data should mean the root's data folder.
  INIT_CWD: optionalText,
});

const envSchema = envFields
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
    if (env.FEED_PORT !== undefined && env.FEED_PORT !== 0 && env.FEED_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['FEED_PORT'],
        message: "must differ from PORT: it is the data feed's listener of its own",
      });
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
 * Why an operator command that emails a link cannot run here, if it cannot. Against PostgreSQL the
 * command runs on a machine other than the servers', and the default address (`http://HOST:PORT`) is that
 * machine's, not the portal's: the link would reach nobody. So APP_URL is required there, as the secrets
 * are; with the embedded database the command runs beside its one server and shares its default.
 */
export function linkBaseProblem(
  source: Record<string, string | undefined> = process.env,
): string | undefined {
  const given = (name: string) => (source[name]?.trim() ?? '') !== '';
  if (!given('DATABASE_URL') || given('APP_URL')) return undefined;
  return "APP_URL: is required with DATABASE_URL for a command that emails a link (the link would point at this machine's http://HOST:PORT); set it to the portal's public address, as the servers have it";
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
