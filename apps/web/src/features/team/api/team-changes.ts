// The Team page's changes: each one a call, then the list reloaded so every row shows the server's
// state (a stale row — a member removed in another tab — goes away on the refusal's reload too).
import { API_PATHS, type ChangeMemberRoleRequest, type InviteMemberRequest } from '@datafeeds/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth/user';
import { refreshTeam } from './get-team';

function useTeamChange<TInput>(call: (input: TInput) => Promise<unknown>, alsoRefreshUser = false) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await refreshTeam(queryClient);
    // A hand-over changes the signed-in owner's own role.
    if (alsoRefreshUser) await queryClient.invalidateQueries({ queryKey: userQueryKey });
  };
  return useMutation({ mutationFn: call, onSuccess: refresh, onError: refresh });
}

const post = (path: string) => (body: unknown) => apiRequest<unknown>(path, { method: 'POST', body });

export function useInviteMember() {
  return useTeamChange((request: InviteMemberRequest) => post(API_PATHS.inviteMember)(request));
}

export function useResendInvitation() {
  return useTeamChange((invitationId: string) => post(API_PATHS.resendInvitation)({ invitationId }));
}

export function useRevokeInvitation() {
  return useTeamChange((invitationId: string) => post(API_PATHS.revokeInvitation)({ invitationId }));
}

export function useChangeMemberRole() {
  return useTeamChange((request: ChangeMemberRoleRequest) => post(API_PATHS.changeMemberRole)(request));
}

export function useRemoveMember() {
  return useTeamChange((memberId: string) => post(API_PATHS.removeMember)({ memberId }));
}

export function useTransferOwnership() {
  return useTeamChange((memberId: string) => post(API_PATHS.transferOwnership)({ memberId }), true);
}
