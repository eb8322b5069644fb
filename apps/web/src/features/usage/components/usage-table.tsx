import { usageFeedName, type ClientUsage, type UsageFeed } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import { feedColor } from '@/lib/theme/feed-colors';
import { formatUsageDay, REFUSED_SERIES } from './usage-texts';

/** The feed's colour in the chart, beside its column's name, so the two views read alike. */
function FeedSwatch({ feed }: { feed: UsageFeed }) {
  const { palette } = useTheme();
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        mr: 0.75,
        borderRadius: '2px',
        bgcolor: feedColor(feed, palette.mode),
      }}
    />
  );
}

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
                <FeedSwatch feed={feed} />
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
