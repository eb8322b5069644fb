import type { User, WelcomeRequest } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';

/** Completes the profile of an identity that has none yet (an account of the sister product). */
function createUser(request: WelcomeRequest): Promise<User> {
  return call(users.createUser, { body: request });
}

export function useCreateUser() {
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => track(EVENTS.completedWelcome),
  });
}
