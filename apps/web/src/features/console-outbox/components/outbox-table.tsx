// The outbox's emails, one row each: recipient, subject, attempts, the mail server's last answer, and
// when it was queued and given up on (failed) or will be tried next (pending). A failed one can be
// retried, and so can a pending one whose last attempt failed (tried at once); one not tried yet has
// nothing to retry. No body and no link: they are never sent to the console.
import { formatDateTime, type OutboxEmail } from '@datafeeds/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PermittedButton } from '@/components/console/permitted-button';
import { ActionsCell, ConsoleTable } from '@/components/console/console-table';
import type { OutboxView } from '@/lib/console/outbox-view';

const COLUMNS: Record<OutboxView, readonly string[]> = {
  failed: ['To', 'Subject', 'Attempts', 'Last error', 'Created', 'Failed at', ''],
  pending: ['To', 'Subject', 'Attempts', 'Last error', 'Created', 'Next attempt', ''],
};

const timeOrDash = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

interface OutboxTableProps {
  view: OutboxView;
  emails: readonly OutboxEmail[];
  /** The id of the role's refusal, said once above the table (RefusalNote). */
  reasonId: string;
  onRetry: (email: OutboxEmail) => void;
}

export function OutboxTable({ view, emails, reasonId, onRetry }: OutboxTableProps) {
  return (
    <ConsoleTable label={view === 'failed' ? 'Failed emails' : 'Pending emails'} columns={COLUMNS[view]}>
      {emails.map((email) => (
        <TableRow key={email.id}>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{email.to}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{email.subject}</TableCell>
          <TableCell align="right">{email.attempts}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 180 }}>{email.lastError ?? '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.createdAt)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {timeOrDash(view === 'failed' ? email.failedAt : email.nextAttemptAt)}
          </TableCell>
          {view === 'failed' || email.lastError !== null ? (
            <ActionsCell>
              <PermittedButton
                action="retryEmail"
                reasonId={reasonId}
                variant="text"
                size="small"
                aria-label={`Retry the email to ${email.to}`}
                onClick={() => onRetry(email)}
              >
                Retry
              </PermittedButton>
            </ActionsCell>
          ) : (
            <TableCell />
          )}
        </TableRow>
      ))}
    </ConsoleTable>
  );
}
