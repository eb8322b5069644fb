import { API_PATHS, type UpdateUserRequest, type User } from '@datafeeds/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';
import { userQueryKey } from '@/lib/auth/user';

/** A password change revokes the other sessions; the server then hands this one a fresh token. */
type UpdateUserResponse = User & { token?: string };

function updateUser(changes: UpdateUserRequest): Promise<UpdateUserResponse> {
  return apiRequest<UpdateUserResponse>(API_PATHS.updateUser, { method: 'PUT', body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ token, ...user }) => {
      if (token) setToken(token);
      queryClient.setQueryData(userQueryKey, user);
      track(EVENTS.completedProfileUpdate, { changedPassword: Boolean(token) });
    },
  });
}
