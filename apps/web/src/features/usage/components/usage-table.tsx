import { usageFeedName, type ClientUsage } from '@datafeeds/domain';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatUsageDay, REFUSED_SERIES } from './usage-texts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The chart's numbers as a table: one row a day (newest first), one column a feed, then refused. */
export function UsageTable({ usage }: { usage: ClientUsage }) {
  const days = usage.dates.map((day, index) => ({ day, index })).reverse();
  const headCell = { fontWeight: 600, whiteSpace: 'nowrap', color: 'text.primary' } as const;
  return (
    <TableContainer
      sx={{ maxHeight: 420, overflow: 'auto' }}
      tabIndex={0}
      aria-label="Usage per day, scrollable"
    >
      <Table size="small" stickyHeader aria-label="Usage per day">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={headCell}>
              Day (UTC)
            </TableCell>
            {usage.feeds.map(({ feed }) => (
              <TableCell key={feed} component="th" scope="col" align="right" sx={headCell}>
                {usageFeedName(feed)}
              </TableCell>
            ))}
            <TableCell component="th" scope="col" align="right" sx={headCell}>
              {REFUSED_SERIES}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map(({ day, index }) => (
            <TableRow key={day}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={day}>{formatUsageDay(day)}</time>
              </TableCell>
              {usage.feeds.map(({ feed, requests }) => (
                <TableCell key={feed} align="right">
                  {requests[index] ?? 0}
                </TableCell>
              ))}
              <TableCell align="right">{usage.refused[index] ?? 0}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={headCell}>
              Total
            </TableCell>
            {usage.feeds.map(({ feed, requests }) => (
              <TableCell key={feed} align="right" sx={headCell}>
                {sum(requests)}
              </TableCell>
            ))}
            <TableCell align="right" sx={headCell}>
              {sum(usage.refused)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
