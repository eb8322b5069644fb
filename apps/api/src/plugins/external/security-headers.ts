// Security headers, with a Content-Security-Policy the React app works under: MUI/emotion injects
// <style> elements, hence 'unsafe-inline' for styles only. The analytics hosts are allowed only when
// their tool is switched on. The API docs page sets its own policy.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { analyticsSources, type AnalyticsConfig } from '../../config/analytics.ts';

function contentSecurityPolicy(analytics: AnalyticsConfig) {
  const extra = analyticsSources(analytics);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...extra.scriptSrc],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...extra.imgSrc],
    connectSrc: ["'self'", ...extra.connectSrc],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export default fp<{ https: boolean; analytics: AnalyticsConfig }>(
  async (app, { https, analytics }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(analytics) },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      // HSTS means nothing over plain http and would pin a developer's localhost to https.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
