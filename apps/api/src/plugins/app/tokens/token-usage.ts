// GetClientUsage (design §8 "Usage"): one token's usage over the last `days` UTC days — with that of the
// client IDs its rotations replaced (design §9) — for the caller's own company only. The token is looked
// up through the tokens service, so another company's id answers the very 404 an unknown one does.
import type { ClientUsage } from '@datafeeds/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { CompanyCaller } from '../sessions/index.ts';
import type { TokensService } from './tokens-service.ts';
import { type UsageStore, DAY_MS, summarizeUsage } from '../usage/index.ts';

export interface TokenUsageDeps {
  clock: Clock;
  tokens: Pick<TokensService, 'list' | 'lineageOf'>;
  store: Pick<UsageStore, 'daily'>;
}

export function createTokenUsage({ clock, tokens, store }: TokenUsageDeps) {
  return {
    async ofClient(caller: CompanyCaller, clientId: string, days: number): Promise<ClientUsage> {
      const [client] = await tokens.list(caller, [clientId]);
      if (!client) throw new Error('tokens.list answered no token without refusing'); // never: it 404s
      const lastDay = Math.floor(clock.now().getTime() / DAY_MS);
      const clientIds = await tokens.lineageOf(caller, clientId);
      const rows = await store.daily(clientIds, new Date((lastDay - days + 1) * DAY_MS));
      return summarizeUsage(rows, { clientId, clientIds, days, lastDay, lastUsedAt: client.lastUsedAt });
    },
  };
}

export type TokenUsage = ReturnType<typeof createTokenUsage>;
