import type { Team } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const teamKey = ['team'] as const;

function getTeam(signal?: AbortSignal): Promise<Team> {
  return call(team.getTeam, {}, { signal });
}

/** The company's members and pending invitations. */
export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: ({ signal }) => getTeam(signal) });
}

/** After any change to the team, or a refusal that says the list is stale (a 404). */
export function refreshTeam(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: teamKey });
}
