// Health, run-time app settings and the OpenAPI document.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, appConfigSchema, healthResponseSchema, livenessResponseSchema } from '@datafeeds/domain';
import { analyticsConfig } from '../../config/analytics.ts';
import { errorResponses, publicSecurity } from '../schemas.ts';

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readiness: 503 while the database is away (a load balancer should send requests elsewhere), and
  // Fastify itself answers 503 once a shutdown has begun. Redis being away does not make it unready:
  // limits then count per instance.
  const readiness = {
    schema: {
      tags: ['system'],
      summary: 'Whether the portal can serve: its database, and how revocations reach other instances',
      security: publicSecurity,
      response: { 200: healthResponseSchema, 503: healthResponseSchema, ...errorResponses(429) },
    },
    handler: async (_request: FastifyRequest, reply: FastifyReply) => {
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
  };
  // Two paths, one answer: each is an operation of its own in the API description.
  app.get(API_PATHS.health, { ...readiness, schema: { ...readiness.schema, operationId: 'health' } });
  app.get(API_PATHS.readiness, { ...readiness, schema: { ...readiness.schema, operationId: 'readiness' } });

  // Liveness checks nothing outside the process, so a database outage never gets the instance
  // restarted (it recovers by itself); only a process that stopped answering does.
  app.get(API_PATHS.liveness, {
    schema: {
      tags: ['system'],
      operationId: 'liveness',
      summary: 'Whether the process is up (restart it when this stops answering)',
      security: publicSecurity,
      response: { 200: livenessResponseSchema, ...errorResponses(429) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get(API_PATHS.config, {
    schema: {
      tags: ['system'],
      operationId: 'config',
      summary: 'Settings of this deployment the web app needs (sidebar and legal links, analytics tools)',
      security: publicSecurity,
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
