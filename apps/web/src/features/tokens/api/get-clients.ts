import { useEffect } from 'react';
import { type Client } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tokenKeys } from './keys';

/** The company's tokens, newest first. */
async function getClients(signal?: AbortSignal): Promise<Client[]> {
  const { clients } = await call(tokens.getClients, {}, { signal });
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
