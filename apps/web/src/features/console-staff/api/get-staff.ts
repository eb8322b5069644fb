// The staff accounts (design §11 "Staff accounts"): admins only (CONSOLE_POLICY.manageStaff).
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export const staffKey = consoleKey('staff');

/** The staff list; not asked for when the member may not manage staff (the server refuses it). */
export function useStaffList(enabled: boolean) {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => consoleCall(consoleTools.listStaff),
    enabled,
  });
}
