// The demo data feed (design §8): three feeds for every REST sport, each behind the RSC token check of
// @datafeeds/verifier. Built without listening, so tests start it with inject or on port 0.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Verifier } from '@datafeeds/verifier';
import { verifierPlugin } from '@datafeeds/verifier/fastify';
import { FEED_KINDS, resolveFeedRequest, type FeedRequest } from './feeds.ts';
import { fixtureFor } from './fixtures/index.ts';
import { serializeRequest } from './logging.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a feed route was asked for, once its date and sport are known good. */
    feedRequest: FeedRequest | null;
  }
}

export interface BuildFeedOptions {
  verifier: Verifier;
  /** Log level, or false for none (the default, for tests). */
  logger?: false | { level: string };
}

export function buildFeed({ verifier, logger = false }: BuildFeedOptions): FastifyInstance {
  const app = Fastify({
    logger: logger && { level: logger.level, serializers: { req: serializeRequest } },
  });
  app.register(verifierPlugin, { verifier, apiType: 'rest' });
  app.decorateRequest('feedRequest', null);

  app.after(() => {
    for (const feed of FEED_KINDS) {
      app.get<{ Params: { date: string; sport: string } }>(
        `/api/v1/${feed}/:date/:sport`,
        {
          // The date and the feed are checked before the token: a 404 tells nothing a token would protect.
          preValidation: async (request, reply) => {
            const resolved = resolveFeedRequest(feed, request.params);
            if ('error' in resolved) {
              return reply
                .code(resolved.statusCode)
                .send({ error: resolved.error, message: resolved.message });
            }
            request.feedRequest = resolved;
          },
          preHandler: app.requireCredential((request) => request.feedRequest?.scope),
        },
        async (request) => {
          const { sport, date } = request.feedRequest as FeedRequest;
          return {
            sport,
            date,
            feed,
            credential: { clientId: request.credential?.clientId },
            ...fixtureFor(sport, feed, date),
          };
        },
      );
    }
  });

  app.get('/health', async () => ({
    status: 'ok',
    portal: { streamConnected: verifier.stats.streamConnected },
  }));

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({
      error: 'NOT_FOUND',
      message: 'No such route. Feeds are at /api/v1/{schedule|live|boxscore}/{YYYY-MM-DD}/{SPORT}.',
    }),
  );
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500)
      return reply.code(statusCode).send({ error: error.code ?? 'BAD_REQUEST', message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
  });

  return app;
}
