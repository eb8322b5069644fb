// The staff trail (design §11 "Screens"): the provider team's actions, newest first, a page at a time,
// optionally one member's only.
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export interface TrailQuery {
  page: number;
  pageSize: number;
  /** One staff member's actions only; null: everyone's. */
  staffId: string | null;
}

export function useStaffTrail({ page, pageSize, staffId }: TrailQuery) {
  return useQuery({
    queryKey: consoleKey('trail', { page, pageSize, staffId }),
    queryFn: () =>
      consoleCall(consoleTools.getStaffTrail, {
        query: { page, pageSize, ...(staffId === null ? {} : { staffId }) },
      }),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
