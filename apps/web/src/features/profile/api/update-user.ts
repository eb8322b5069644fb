import type { UpdateUserRequest, User } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { userQueryKey } from '@/lib/account/user';

/** The server answers the updated user; a password change also ends every other session (not this one). */
function updateUser(changes: UpdateUserRequest): Promise<User> {
  return call(users.updateUser, { body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user, changes) => {
      queryClient.setQueryData(userQueryKey, user);
      track(EVENTS.completedProfileUpdate, { changedPassword: changes.newPassword !== undefined });
    },
  });
}
