// Health, run-time app settings and the OpenAPI document.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, appConfigSchema, healthResponseSchema } from '@datafeeds/domain';
import { analyticsConfig } from '../../config/analytics.ts';
import { errorResponses } from '../schemas.ts';

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.health, {
    schema: {
      tags: ['system'],
      summary: 'Whether the portal can serve: its database, and how revocations reach other instances',
      response: { 200: healthResponseSchema, 503: healthResponseSchema, ...errorResponses(429) },
    },
    handler: async (_request, reply) => {
      const databaseUp = await app.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      const bus = app.credentialBus;
      return reply.code(databaseUp ? 200 : 503).send({
        status: databaseUp ? 'ok' : 'unavailable',
        database: app.database.kind,
        checks: {
          database: databaseUp ? 'up' : 'down',
          redis: app.redis ? (app.redis.status === 'ready' ? 'up' : 'down') : 'off',
          revocations: { transport: bus.kind, state: bus.connected ? 'up' : 'down' },
        },
      });
    },
  });

  app.get(API_PATHS.config, {
    schema: {
      tags: ['system'],
      summary: 'Settings of this deployment the web app needs (sidebar and legal links, analytics tools)',
      response: { 200: appConfigSchema, ...errorResponses(429) },
    },
    handler: async () => ({
      links: {
        roadmap: app.env.ROADMAP_URL,
        documentation: app.env.DOCUMENTATION_URL,
        support: app.env.SUPPORT_URL,
        ...(app.env.TERMS_OF_SERVICE_URL ? { termsOfService: app.env.TERMS_OF_SERVICE_URL } : {}),
        ...(app.env.PRIVACY_POLICY_URL ? { privacyPolicy: app.env.PRIVACY_POLICY_URL } : {}),
      },
      analytics: analyticsConfig(app.env),
    }),
  });

  app.get(API_PATHS.openapi, { schema: { hide: true } }, async () => app.swagger());
};

export default systemRoutes;
