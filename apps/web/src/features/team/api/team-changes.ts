// The Team page's changes: each one a call, then the list reloaded so every row shows the server's
// state (a stale row — a member removed in another tab — goes away on the refusal's reload too).
import type { ChangeMemberRoleRequest, InviteMemberRequest } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { userQueryKey } from '@/lib/account/user';
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

export function useInviteMember() {
  return useTeamChange((request: InviteMemberRequest) => call(team.inviteMember, { body: request }));
}

export function useResendInvitation() {
  return useTeamChange((invitationId: string) => call(team.resendInvitation, { body: { invitationId } }));
}

export function useRevokeInvitation() {
  return useTeamChange((invitationId: string) => call(team.revokeInvitation, { body: { invitationId } }));
}

export function useChangeMemberRole() {
  return useTeamChange((request: ChangeMemberRoleRequest) => call(team.changeMemberRole, { body: request }));
}

export function useRemoveMember() {
  return useTeamChange((memberId: string) => call(team.removeMember, { body: { memberId } }));
}

export function useTransferOwnership() {
  return useTeamChange((memberId: string) => call(team.transferOwnership, { body: { memberId } }), true);
}
