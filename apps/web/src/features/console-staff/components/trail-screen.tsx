// Staff trail (design §11 "Screens"): what the provider team did, in the console and through the
// operator commands, newest first, a page at a time; admins can narrow it to one staff member.
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import { ConsolePagination, usePaging } from '@/components/console/console-pagination';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { useStaffMe } from '@/lib/console/use-staff-me';
import { QueryState } from '@/components/console/query-state';
import { useStaffList } from '../api/get-staff';
import { StaffFilter } from './staff-filter';
import { useStaffTrail } from '../api/get-staff-trail';
import { TrailTable } from './trail-table';

const TRAIL_TITLE = 'Staff trail';

export function TrailScreen() {
  const me = useStaffMe();
  const isAdmin = me.data?.role === 'admin';
  const staff = useStaffList(isAdmin);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [paging, setPaging] = usePaging();
  const trail = useStaffTrail({ ...paging, staffId });
  return (
    <>
      <ConsolePageHeader
        title={TRAIL_TITLE}
        subtitle="Every action of the provider team, in the console and by operator commands, newest first."
      />
      {isAdmin && staff.data ? (
        <StaffFilter
          staff={staff.data.staff}
          value={staffId}
          onChange={(next) => {
            setStaffId(next);
            setPaging((current) => ({ ...current, page: 0 }));
          }}
        />
      ) : null}
      <QueryState
        query={trail}
        loadingLabel="Loading the staff trail"
        failedText="The staff trail could not be loaded. Check your connection and try again."
        isEmpty={({ total }) => total === 0}
        emptyText={staffId === null ? 'No staff actions yet.' : 'No actions by this staff member.'}
      >
        {(data) => (
          <Paper
            variant="outlined"
            aria-busy={trail.isFetching}
            sx={{ minWidth: 0, opacity: trail.isPlaceholderData ? 0.6 : 1 }}
          >
            <TrailTable events={data.events} />
            <ConsolePagination
              total={data.total}
              paging={paging}
              onChange={setPaging}
              label="Actions per page:"
            />
          </Paper>
        )}
      </QueryState>
    </>
  );
}
