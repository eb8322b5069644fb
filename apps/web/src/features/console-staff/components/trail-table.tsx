// The staff trail's events, one row each: when, who (the staff member's email, or the operator's
// commands on the server), what (the event and its sentence, as a company's Activity words it) and the
// company acted on, linked to its console page.
import { AUDIT_EVENT_LABELS, describeAuditEvent, formatDateTime, type StaffTrail } from '@datafeeds/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CompanyLinkCell } from '@/components/console/company-link';
import { NOT_SET } from '@/components/console/console-texts';
import { ConsoleTable } from '@/components/console/console-table';
import { ConsoleTime } from '@/components/console/console-time';

type TrailEvent = StaffTrail['events'][number];

const COLUMNS = ['Time', 'Staff member', 'What', 'Company'] as const;
const OPERATOR_NAME = 'DataFeeds team (operator)';

function trailActorName(actor: TrailEvent['actor']): string {
  if (actor.kind === 'operator') return OPERATOR_NAME;
  return actor.email ?? 'DataFeeds team';
}

export function TrailTable({ events }: { events: readonly TrailEvent[] }) {
  return (
    <ConsoleTable label="Staff trail" columns={COLUMNS} framed={false}>
      {events.map((event) => {
        const sentence = describeAuditEvent(event, formatDateTime);
        return (
          <TableRow key={event.id}>
            <TableCell sx={{ minWidth: 96, verticalAlign: 'top' }}>
              <ConsoleTime value={event.at} />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'break-word', minWidth: 160, verticalAlign: 'top' }}>
              {trailActorName(event.actor)}
            </TableCell>
            <TableCell sx={{ minWidth: 200, verticalAlign: 'top' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {AUDIT_EVENT_LABELS[event.kind]}
              </Typography>
              {sentence ? (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {sentence}
                </Typography>
              ) : null}
            </TableCell>
            {event.company ? (
              <CompanyLinkCell company={event.company} sx={{ minWidth: 140, verticalAlign: 'top' }} />
            ) : (
              <TableCell sx={{ minWidth: 140, verticalAlign: 'top' }}>{NOT_SET}</TableCell>
            )}
          </TableRow>
        );
      })}
    </ConsoleTable>
  );
}
