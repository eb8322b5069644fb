import { AUDIT_EVENT_LABELS, formatDateTime, type AuditEvent } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { actorName, summariseDetail } from './activity-texts';

export const ACTIVITY_COLUMNS = ['Time', 'Event', 'Actor', 'IP address', 'User agent', 'Detail'] as const;

/** Long text cut to one line with an ellipsis; the whole text stays in the page (screen readers, copy) and shows on hover. */
function Shortened({ text, maxWidth }: { text: string; maxWidth: number }) {
  return (
    <Tooltip title={text} describeChild>
      <Box
        component="span"
        sx={{
          display: 'block',
          maxWidth,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}

export function ActivityTable({ events }: { events: AuditEvent[] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Activity">
        <TableHead>
          <TableRow>
            {ACTIVITY_COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>{AUDIT_EVENT_LABELS[event.kind]}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{actorName(event.actor)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {event.ipAddress ?? '—'}
              </TableCell>
              <TableCell>
                {event.userAgent ? <Shortened text={event.userAgent} maxWidth={200} /> : '—'}
              </TableCell>
              <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                {summariseDetail(event.detail) || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
