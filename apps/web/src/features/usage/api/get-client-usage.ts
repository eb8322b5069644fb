import type { ClientUsage } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const usageKeys = {
  all: ['usage'] as const,
  client: (clientId: string, days: number) => [...usageKeys.all, clientId, days] as const,
};

async function getClientUsage(clientId: string, days: number, signal?: AbortSignal): Promise<ClientUsage> {
  return call(tokens.getClientUsage, { query: { clientId, days } }, { signal });
}

/** A token's verifications over the last `days` UTC days; the previous window stays shown while the next loads. */
export function useClientUsage(clientId: string, days: number) {
  return useQuery({
    queryKey: usageKeys.client(clientId, days),
    queryFn: ({ signal }) => getClientUsage(clientId, days, signal),
    placeholderData: keepPreviousData,
  });
}
