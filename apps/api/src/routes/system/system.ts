// Health, run-time app settings and the OpenAPI document.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { system } from '@datafeeds/domain/calls';
import { analyticsConfig } from '../../config/analytics.ts';
import { plainJsonOnSuccess } from '../schemas.ts';
import { registerCall } from '../register-call.ts';

const systemRoutes: FastifyPluginAsync = async (app) => {
  // Readiness: 503 while the database is away (a load balancer should send requests elsewhere), and
  // Fastify itself answers 503 once a shutdown has begun. Redis being away does not make it unready:
  // limits then count per instance.
  const readiness = async ({ reply }: { reply: FastifyReply }) => {
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
  };
  registerCall(app, system.health, readiness);
  registerCall(app, system.readiness, readiness);

  // Liveness checks nothing outside the process, so a database outage never gets the instance
  // restarted (it recovers by itself); only a process that stopped answering does.
  registerCall(app, system.liveness, async () => ({ status: 'ok' as const }));

  registerCall(app, system.config, async () => ({
    links: {
      roadmap: app.env.ROADMAP_URL,
      documentation: app.env.DOCUMENTATION_URL,
      support: app.env.SUPPORT_URL,
      ...(app.env.TERMS_OF_SERVICE_URL ? { termsOfService: app.env.TERMS_OF_SERVICE_URL } : {}),
      ...(app.env.PRIVACY_POLICY_URL ? { privacyPolicy: app.env.PRIVACY_POLICY_URL } : {}),
    },
    analytics: analyticsConfig(app.env),
  }));

  registerCall(app, system.openapiDocument, async () => app.swagger() as unknown as Record<string, unknown>, {
    serializerCompiler: plainJsonOnSuccess(200),
  });
};

export default systemRoutes;
