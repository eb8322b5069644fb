import type { RemovalResponse } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

function getRemoval(signal?: AbortSignal): Promise<RemovalResponse> {
  return call(team.getRemoval, {}, { signal });
}

/** Which company the signed-in account (without one) was removed from, if it was. */
export function useRemoval() {
  return useQuery({ queryKey: ['removal'], queryFn: ({ signal }) => getRemoval(signal) });
}
