import { useEffect } from 'react';
import type { Client } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isHttpError } from '@/lib/api-errors';
import { tokenKeys } from './keys';

/** A client ID a rotation replaced: the token's client ID now (design §9). */
export interface ReplacedClient {
  replacedBy: string;
}

/**
 * One token; `null` when it does not exist (or belongs to another company: the API answers 404) or the
 * address names no client id at all (400: the API refuses what is not shaped like one); where the id was
 * replaced by a rotation, the 404 names the token's client ID now.
 */
async function getClient(clientId: string, signal?: AbortSignal): Promise<Client | ReplacedClient | null> {
  try {
    const { clients } = await call(tokens.getClients, { query: { clientIds: clientId } }, { signal });
    return clients[0] ?? null;
  } catch (error) {
    if (isHttpError(error, 400)) return null;
    if (!isHttpError(error, 404)) throw error;
    const replacedBy = error.data?.replacedBy;
    return replacedBy === undefined ? null : { replacedBy };
  }
}

function clientQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: tokenKeys.detail(clientId),
    queryFn: ({ signal }) => getClient(clientId, signal),
  });
}

/** Opened from the dashboard, the row already in the list cache shows at once while the token loads. */
export function useClient(clientId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...clientQueryOptions(clientId),
    placeholderData: () =>
      queryClient.getQueryData<Client[]>(tokenKeys.lists())?.find((client) => client.id === clientId),
  });
  useEffect(() => {
    if (query.error) console.warn('The API token could not be loaded.', query.error);
  }, [query.error]);
  return query;
}
