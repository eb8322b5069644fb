// The two ways through an invitation link: a signed-in person joins, a new person registers. Both end
// with the user the shell loads, so the dashboard opens on the inviter's company.
import type { acceptInvitationRequestSchema, RegisterWithInvitationRequest } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';
import { userQueryKey } from '@/lib/account/user';

/** The token, and for an identity without a profile yet the names its profile starts with. */
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AcceptInvitationRequest) => call(team.acceptInvitation, { body: request }),
    // The answer is the user in the inviter's company: the shell opens the dashboard on it at once.
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

/**
 * Registration through the link signs the user in at once, as registration does (design §2), then
 * goes on. Here, not in mutate()'s callbacks: being signed in swaps the form for the Join button, and
 * the unmounted form's callbacks would never run.
 */
export function useRegisterWithInvitation(onRegistered: () => void) {
  return useMutation({
    mutationFn: (request: RegisterWithInvitationRequest) =>
      call(team.registerWithInvitation, { body: request }),
    onSuccess: ({ token }) => {
      setToken(token);
      track(EVENTS.completedRegistration);
      onRegistered();
    },
  });
}
