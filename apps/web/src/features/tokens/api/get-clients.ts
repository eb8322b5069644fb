import { useEffect } from 'react';
import { API_PATHS, type Client, type GetClientsResponse } from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenKeys } from './keys';

/** The company's tokens, newest first. */
async function getClients(signal?: AbortSignal): Promise<Client[]> {
  const { clients } = await apiRequest<GetClientsResponse>(API_PATHS.getClients, { signal });
  return clients;
}

function clientsQueryOptions() {
  return queryOptions({ queryKey: tokenKeys.lists(), queryFn: ({ signal }) => getClients(signal) });
}

/** Spec §8: a failed load is only logged; the dashboard then shows the list as empty. */
export function useClients() {
  const query = useQuery(clientsQueryOptions());
  useEffect(() => {
    if (query.error) console.warn('The API tokens could not be loaded.', query.error);
  }, [query.error]);
  return query;
}
