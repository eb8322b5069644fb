// The Activity page's body (design §8 "Audit log"): the company's events, newest first, filtered by kind
// and dates, a page at a time, with the same filter's CSV export.
import { useState } from 'react';
import { ACTIVITY_PAGE_SIZE_DEFAULT, ACTIVITY_PAGE_SIZES, type ActivityFilter } from '@datafeeds/domain';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useExportActivity } from '../api/export-activity';
import { useActivity } from '../api/get-activity';
import { ActivityFilters } from './activity-filters';
import { ActivityTable } from './activity-table';
import { ACTIVITY_LOAD_FAILED, EXPORT_FAILED, NO_ACTIVITY, NO_MATCHING_ACTIVITY } from './activity-texts';

export function ActivityLog() {
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(ACTIVITY_PAGE_SIZE_DEFAULT);
  // A reversed range would only be refused: the list keeps the last valid filter's answer meanwhile.
  const [validFilter, setValidFilter] = useState<ActivityFilter>({});
  const activityQuery = useActivity({ ...validFilter, page, pageSize });
  const exportCsv = useExportActivity();
  const showSnackbar = useSnackbar();

  const changeFilter = (next: ActivityFilter) => {
    setFilter(next);
    if (!(next.from && next.to && next.from > next.to)) setValidFilter(next);
    setPage(0);
  };
  const download = () =>
    exportCsv.mutate(validFilter, { onError: () => showSnackbar(EXPORT_FAILED, 'error') });

  const filtered = Boolean(validFilter.kind || validFilter.from || validFilter.to);
  const data = activityQuery.data;
  let body;
  if (activityQuery.isPending) body = <PageSpinner label="Loading activity" />;
  else if (activityQuery.isError || !data) {
    body = (
      <LoadFailedAlert onRetry={() => void activityQuery.refetch()}>{ACTIVITY_LOAD_FAILED}</LoadFailedAlert>
    );
  } else if (data.total === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {filtered ? NO_MATCHING_ACTIVITY : NO_ACTIVITY}
      </Typography>
    );
  } else {
    body = (
      <>
        <ActivityTable events={data.events} />
        <TablePagination
          component="div"
          count={data.total}
          page={Math.min(page, Math.max(0, Math.ceil(data.total / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...ACTIVITY_PAGE_SIZES]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage="Events per page:"
          // On a phone the page size, the range and the arrows wrap instead of running off the edge.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
            '& .MuiTablePagination-spacer': { display: 'none' },
          }}
        />
      </>
    );
  }

  return (
    <>
      <ActivityFilters
        filter={filter}
        onChange={changeFilter}
        onDownload={download}
        downloading={exportCsv.isPending}
      />
      <Paper
        variant="outlined"
        aria-busy={activityQuery.isFetching}
        sx={{ minWidth: 0, opacity: activityQuery.isPlaceholderData ? 0.6 : 1 }}
      >
        {body}
      </Paper>
    </>
  );
}
