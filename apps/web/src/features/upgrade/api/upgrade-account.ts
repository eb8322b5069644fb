import type { UpgradeAccountResponse, User } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { isHttpError } from '@/lib/api-errors';
import { userQueryKey } from '@/lib/account/user';

/** Asks the provider's team to make the company a paid account; asking again is harmless. */
function upgradeAccount(): Promise<UpgradeAccountResponse> {
  return call(account.upgradeAccount, { body: {} });
}

export function useUpgradeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeAccount,
    onSuccess: ({ requestedAt }) => {
      track(EVENTS.completedUpgradeRequest);
      // The dashboard now says when the upgrade was asked for, instead of offering it again.
      queryClient.setQueryData<User>(
        userQueryKey,
        (user) => user && { ...user, upgradeRequestedAt: requestedAt },
      );
    },
    // 409: the company is already paid, so the cached user is out of date (and the button should go).
    onError: (error) => {
      if (isHttpError(error, 409)) void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
