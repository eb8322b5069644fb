import { AUDIT_EVENT_LABELS, auditActorName, formatDateTime, type AuditEvent } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { eventSentence } from './activity-texts';

export const ACTIVITY_COLUMNS = ['Time', 'Event', 'Actor', 'IP address', 'User agent', 'Detail'] as const;

/** Long text cut to one line with an ellipsis; the whole text stays in the page (screen readers, copy) and shows on hover. */
function Shortened({ text, maxWidth }: { text: string; maxWidth: number | string }) {
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

/** Below lg (as the token table) every event is one stacked cell: six columns do not fit beside the sidebar. */
function CompactRow({ event }: { event: AuditEvent }) {
  const detail = eventSentence(event);
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 0, width: '100%' }}>
        <Typography sx={{ fontWeight: 600 }}>{AUDIT_EVENT_LABELS[event.kind]}</Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {auditActorName(event.actor)}
        </Typography>
        {event.ipAddress ? (
          <Typography variant="body2" color="text.secondary">
            IP address{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {event.ipAddress}
            </Box>
          </Typography>
        ) : null}
        {event.userAgent ? (
          <Typography variant="body2" color="text.secondary" component="div" sx={{ minWidth: 0 }}>
            <Shortened text={event.userAgent} maxWidth="100%" />
          </Typography>
        ) : null}
        {detail ? <Typography variant="body2">{detail}</Typography> : null}
      </TableCell>
    </TableRow>
  );
}

export function ActivityTable({ events }: { events: AuditEvent[] }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  if (compact) {
    return (
      <Table size="small" aria-label="Activity">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Event</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <CompactRow key={event.id} event={event} />
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    // Focusable, so that a keyboard can scroll it sideways when the columns are wider than the page.
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Activity table">
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
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                {auditActorName(event.actor)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {event.ipAddress ?? '—'}
              </TableCell>
              <TableCell>
                {event.userAgent ? <Shortened text={event.userAgent} maxWidth={200} /> : '—'}
              </TableCell>
              <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                {eventSentence(event) || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
