// bench:api's knobs, read once from the environment (README.md lists them with their defaults).
import { selectFigures } from '@datafeeds/bench-shared/figure-selection';
import { commonSettings, whole } from '@datafeeds/bench-shared/settings';

/** bench:api's figures, as BENCH_ONLY names them. */
export const FIGURES = ['user', 'clients', 'flood', 'console'] as const;

export const settings = {
  ...commonSettings,
  /** Tokens of the company GetClients lists. */
  tokens: whole('BENCH_TOKENS', 100),
  /** Companies the console searches (figure 4), and tokens of each. */
  companies: whole('BENCH_COMPANIES', 10_000),
  companyTokens: whole('BENCH_COMPANY_TOKENS', 5),
  /** What figure 4 searches for: a word of 1 company name in 5 (and of no email or client ID). */
  consoleSearch: process.env.BENCH_CONSOLE_SEARCH ?? 'analytics',
  /** GetClients requests per second (over 10 connections) while its latency is measured. */
  latencyRate: whole('BENCH_LATENCY_RATE', 100),
  /** Accounts that sign in, again and again, during the login flood. */
  floodAccounts: whole('BENCH_FLOOD_ACCOUNTS', 20),
  /** Sign-ins in flight at once during the flood (autocannon connections). */
  floodConnections: whole('BENCH_FLOOD_CONNECTIONS', 32),
  /** Client addresses cycled in X-Forwarded-For, as a load balancer in front of the portal adds them. */
  addresses: Math.min(whole('BENCH_ADDRESSES', 4_096), 65_535),
  /** The portal's log level: info, as deployed (every request logged); `warn` shows what logging costs. */
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  /** Only these figures (comma-separated: user, clients, flood, console); all by default. */
  only: selectFigures('BENCH_ONLY', process.env.BENCH_ONLY, FIGURES),
};
