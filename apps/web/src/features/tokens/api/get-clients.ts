import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { earlyClients } from './early-clients';
import { tokenKeys } from './keys';

function clientsQueryOptions() {
  return queryOptions({
    queryKey: tokenKeys.lists(),
    // The entry may already have asked (./early-clients.ts): its answer serves the first query.
    queryFn: ({ signal }) => earlyClients.answer(signal),
  });
}

/** Spec §8: a failed load is only logged; the dashboard then shows the list as empty. */
export function useClients() {
  const query = useQuery(clientsQueryOptions());
  useEffect(() => {
    if (query.error) console.warn('The API tokens could not be loaded.', query.error);
  }, [query.error]);
  return query;
}
