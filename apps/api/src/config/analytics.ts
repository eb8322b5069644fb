// The analytics tools a deployment switches on by their keys (design §5). The web app loads only these,
// and the Content-Security-Policy lets the browser reach only their hosts, so a deployment without keys
// sends nothing to any analytics host.
import type { AppConfig } from '@datafeeds/domain';
import type { Env } from './env.ts';

export type AnalyticsConfig = AppConfig['analytics'];

export function analyticsConfig(
  env: Pick<Env, 'MIXPANEL_TOKEN' | 'MIXPANEL_API_HOST' | 'GA_MEASUREMENT_ID'>,
) {
  const config: AnalyticsConfig = {};
  if (env.MIXPANEL_TOKEN) config.mixpanel = { token: env.MIXPANEL_TOKEN, apiHost: env.MIXPANEL_API_HOST };
  if (env.GA_MEASUREMENT_ID) config.googleAnalytics = { measurementId: env.GA_MEASUREMENT_ID };
  return config;
}

// Google's documented policy for GA4 through gtag.js: the script from the tag manager, hits to the
// collection hosts (regional ones included), and pixels where beacons are unavailable.
const GOOGLE_ANALYTICS_SOURCES = {
  scriptSrc: ['https://www.googletagmanager.com'],
  connectSrc: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** The extra sources the switched-on tools need, by CSP directive. */
export function analyticsSources(config: AnalyticsConfig) {
  const sources = { scriptSrc: [] as string[], connectSrc: [] as string[], imgSrc: [] as string[] };
  if (config.mixpanel) sources.connectSrc.push(config.mixpanel.apiHost);
  if (config.googleAnalytics) {
    sources.scriptSrc.push(...GOOGLE_ANALYTICS_SOURCES.scriptSrc);
    sources.connectSrc.push(...GOOGLE_ANALYTICS_SOURCES.connectSrc);
    sources.imgSrc.push(...GOOGLE_ANALYTICS_SOURCES.imgSrc);
  }
  return sources;
}
