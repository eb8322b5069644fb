// A company's activity in the console (design §11): its audit trail, newest first, a page at a time,
// in the customer's Activity table (given by app/, which composes features); the API names the staff member of a staff action, so the actor
// column shows the staff email where the customer sees "DataFeeds team".
import { useState, type ComponentType } from 'react';
import { CONSOLE_PAGE_SIZE_DEFAULT, CONSOLE_PAGE_SIZES, type AuditEvent } from '@datafeeds/domain';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { useConsoleCompanyActivity } from '../console-queries';

/** The table of events: the customer's Activity table, so that both read the same. */
export type ActivityTableComponent = ComponentType<{ events: AuditEvent[] }>;

export function CompanyActivity({
  companyId,
  ActivityTable,
}: {
  companyId: string;
  ActivityTable: ActivityTableComponent;
}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CONSOLE_PAGE_SIZE_DEFAULT);
  const activity = useConsoleCompanyActivity(companyId, page, pageSize);
  if (activity.isPending) return <PageSpinner label="Loading the activity" />;
  if (activity.isError) {
    return (
      <LoadFailedAlert onRetry={() => void activity.refetch()}>
        The activity could not be loaded. Check your connection and try again.
      </LoadFailedAlert>
    );
  }
  const { events, total } = activity.data;
  if (total === 0) return <Typography color="text.secondary">No activity yet.</Typography>;
  return (
    <>
      <ActivityTable events={events} />
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...CONSOLE_PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Events per page:"
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
          '& .MuiTablePagination-spacer': { display: 'none' },
        }}
      />
    </>
  );
}
