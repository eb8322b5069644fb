import { INVITATION_PROBLEMS, type InvitationProblem, type InvitationSummary } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isHttpError } from '@/lib/api-errors';
import { useSessionToken } from '@/lib/auth/use-session';

function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationSummary> {
  return call(team.getInvitation, { query: { token } }, { signal });
}

/** Why the link cannot be used (wrong, expired, withdrawn, used), or null for any other failure. */
export function invitationProblemOf(error: unknown): InvitationProblem | null {
  if (!isHttpError(error)) return null;
  const code = error.code;
  return INVITATION_PROBLEMS.find((problem) => problem === code) ?? null;
}

/**
 * What the link offers. A bad link is a final answer: asking again would not change it. Signed in, the
 * answer also says whether this account can join: it is asked again when the person signs in or out.
 */
export function useInvitation(token: string) {
  const signedIn = useSessionToken() !== null;
  return useQuery({
    queryKey: ['invitation', token, signedIn],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: (failures, error) => invitationProblemOf(error) === null && failures < 2,
    staleTime: Infinity,
  });
}
