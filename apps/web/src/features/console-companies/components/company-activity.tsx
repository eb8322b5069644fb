// A company's activity in the console (design §11): its audit trail, newest first, a page at a time,
// in the customer's Activity table (given by app/, which composes features); the API names the staff member of a staff action, so the actor
// column shows the staff email where the customer sees "DataFeeds team".
import type { ComponentType } from 'react';
import type { AuditEvent } from '@datafeeds/domain';
import { ConsolePagination, usePaging } from '@/components/console/console-pagination';
import { useConsoleCompanyActivity } from '../api/get-company-activity';
import { QueryState } from '@/components/console/query-state';

/** The table of events: the customer's Activity table, so that both read the same. */
export type ActivityTableComponent = ComponentType<{ events: AuditEvent[] }>;

export function CompanyActivity({
  companyId,
  ActivityTable,
}: {
  companyId: string;
  ActivityTable: ActivityTableComponent;
}) {
  const [paging, setPaging] = usePaging();
  const activity = useConsoleCompanyActivity(companyId, paging.page, paging.pageSize);
  return (
    <QueryState
      query={activity}
      loadingLabel="Loading the activity"
      failedText="The activity could not be loaded. Check your connection and try again."
      isEmpty={({ total }) => total === 0}
      emptyText="No activity yet."
    >
      {({ events, total }) => (
        <>
          <ActivityTable events={events} />
          <ConsolePagination total={total} paging={paging} onChange={setPaging} label="Events per page:" />
        </>
      )}
    </QueryState>
  );
}
