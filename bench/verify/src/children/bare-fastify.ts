// Baseline of the warm-cache run: Fastify 5 with nothing but a POST route that parses the JSON body and
// answers a constant JSON body the size of the VALID answer figure 1 gets: the limited company's, with its
// plan's limits (fixtures.ts). What the portal does beyond this (verifier key, validation, cache, judging,
// metering, limits) is what the ratio shows.
import Fastify from 'fastify';
import { announceListening, closeOnSignal } from '@datafeeds/bench-shared/child-protocol';

const answer = JSON.stringify({
  valid: true,
  code: 'VALID',
  clientId: 'dfc_0123456789ABCDEFGHIJKL',
  companyId: '00000000-0000-4000-8000-000000000000',
  companyName: 'Bench Limited Sports',
  accountStatus: 'trial',
  apiType: 'rest',
  scopes: ['nfl', 'nflLive'],
  expiresAt: null,
  limits: {
    plan: 'bench-limited',
    dailyQuota: 100_000_000_000,
    ratePerSecond: 2_000_000_000,
    dailyCap: null,
  },
});

const app = Fastify({ logger: false });
app.post('/api/v1/credentials/verify', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(answer),
);
closeOnSignal(() => app.close());
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
announceListening(app.server);
