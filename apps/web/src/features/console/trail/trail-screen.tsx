// Staff trail (design §11 "Screens"): what the provider team did, in the console and through the
// operator commands, newest first, a page at a time; admins can narrow it to one staff member.
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { ToolHeader } from '../tool-header';
import { useStaffMe } from '../use-staff-me';
import { ListState } from '../tool-states';
import { useStaffList } from '../staff/staff-api';
import { StaffFilter } from './staff-filter';
import { useStaffTrail } from './trail-api';
import { TrailTable } from './trail-table';

const TRAIL_TITLE = 'Staff trail';
const TRAIL_PAGE_SIZES = [10, 25, 50, 100] as const;

export function TrailScreen() {
  const me = useStaffMe();
  const isAdmin = me.data?.role === 'admin';
  const staff = useStaffList(isAdmin);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const trail = useStaffTrail({ page, pageSize, staffId });
  const data = trail.data;
  return (
    <>
      <ToolHeader
        title={TRAIL_TITLE}
        subtitle="Every action of the provider team, in the console and by operator commands, newest first."
      />
      {isAdmin && staff.data ? (
        <StaffFilter
          staff={staff.data.staff}
          value={staffId}
          onChange={(next) => {
            setStaffId(next);
            setPage(0);
          }}
        />
      ) : null}
      <ListState
        query={trail}
        loadingLabel="Loading the staff trail"
        failedText="The staff trail could not be loaded. Check your connection and try again."
        empty={data?.total === 0}
        emptyText={staffId === null ? 'No staff actions yet.' : 'No actions by this staff member.'}
      >
        <Paper
          variant="outlined"
          aria-busy={trail.isFetching}
          sx={{ minWidth: 0, opacity: trail.isPlaceholderData ? 0.6 : 1 }}
        >
          <TrailTable events={data?.events ?? []} />
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={Math.min(page, Math.max(0, Math.ceil((data?.total ?? 0) / pageSize) - 1))}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...TRAIL_PAGE_SIZES]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage="Actions per page:"
            sx={{
              '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
              '& .MuiTablePagination-spacer': { display: 'none' },
            }}
          />
        </Paper>
      </ListState>
    </>
  );
}
