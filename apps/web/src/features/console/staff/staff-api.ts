// The staff accounts' calls (design §11 "Staff accounts"): admins only (CONSOLE_POLICY.manageStaff).
import { consoleTools } from '@datafeeds/domain/calls';
import type { z } from 'zod';
import type { createStaffRequestSchema } from '@datafeeds/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../console-client';
import { consoleKeys } from '../console-queries';

export type InviteStaffValues = z.infer<typeof createStaffRequestSchema>;

/** The staff list; not asked for when the member may not manage staff (the server refuses it). */
export function useStaffList(enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.staff,
    queryFn: () => consoleCall(consoleTools.listStaff),
    enabled,
  });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffValues) => consoleCall(consoleTools.createStaff, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: consoleKeys.staff }),
  });
}
