// The tokens module (design §3): a company's API tokens as its members manage them, their usage as the
// customer reads it, and the provider team's actions on one token. Every change goes through the
// credentials module's store.
import fp from 'fastify-plugin';
import type { Secrets } from '../../../config/secrets.ts';
import { createSecretHasher } from '../../../lib/client-credentials.ts';
import { createTokenActions, type TokenActions } from './token-actions.ts';
import { createTokenUsage, type TokenUsage } from './token-usage.ts';
import { createTokensRepository, type TokensRepository } from './tokens-repository.ts';
import { createTokensService, type TokensService } from './tokens-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokensRepository: TokensRepository;
    tokens: TokensService;
    /** GetClientUsage: one token's usage, for the caller's own company. */
    tokenUsage: TokenUsage;
    /** The provider team's actions on one token: the console's and the operator's. */
    tokenActions: TokenActions;
  }
}

export default fp<{ secrets: Secrets }>(
  async (app, { secrets }) => {
    const { db, env, clock } = app;
    const tokensRepository = createTokensRepository(db);
    const tokens = createTokensService({
      db,
      clock,
      tokens: tokensRepository,
      store: app.credentials,
      secrets: createSecretHasher(secrets.clientSecretHashKey),
      notices: app.securityNotices,
      contact: env.PROVIDER_TEAM_EMAIL,
    });
    app.decorate('tokensRepository', tokensRepository);
    app.decorate('tokens', tokens);
    app.decorate('tokenUsage', createTokenUsage({ clock, tokens, store: app.usageStore }));
    app.decorate('tokenActions', createTokenActions({ db, credentials: app.credentials }));
  },
  { name: 'tokens', dependencies: ['database', 'credentials', 'notices', 'usage'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { TokenActions } from './token-actions.ts';
export type { TokensRepository } from './tokens-repository.ts';
export { effectiveStatus } from './token-status.ts';
