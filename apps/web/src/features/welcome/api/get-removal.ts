import { API_PATHS, type RemovalResponse } from '@datafeeds/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

function getRemoval(signal?: AbortSignal): Promise<RemovalResponse> {
  return apiRequest<RemovalResponse>(API_PATHS.getRemoval, { signal });
}

/** Which company the signed-in account (without one) was removed from, if it was. */
export function useRemoval() {
  return useQuery({ queryKey: ['removal'], queryFn: ({ signal }) => getRemoval(signal) });
}
