// Inviting a staff member (design §11 "Staff accounts"): the server emails a single-use setup link; the
// staff list reloads.
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import type { z } from 'zod';
import type { createStaffRequestSchema } from '@datafeeds/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { staffKey } from './get-staff';

export type InviteStaffValues = z.infer<typeof createStaffRequestSchema>;

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffValues) => consoleCall(consoleTools.createStaff, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
