// Email outbox (design §11 "Screens"): the emails the portal gave up sending (failed) or is still
// trying (pending). A failed one can be queued again, and a pending one whose last attempt failed tried
// at once, once the mail server is mended (CONSOLE_POLICY.retryEmail: every staff member).
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OutboxEmail } from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ConfirmActionDialog } from '@/components/console/action-dialog';
import { RefusalNote } from '@/components/console/permitted-button';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { QueryState } from '@/components/console/query-state';
import { useOutbox } from '../api/get-outbox';
import { OutboxTable } from './outbox-table';
import { DEFAULT_OUTBOX_VIEW, readOutboxView, type OutboxView } from '@/lib/console/outbox-view';

const OUTBOX_TITLE = 'Email outbox';
const EMPTY: Record<OutboxView, string> = {
  failed: 'No failed emails.',
  pending: 'No emails waiting to be sent.',
};

export function OutboxScreen() {
  const [params, setParams] = useSearchParams();
  const view = readOutboxView(params);
  const setView = (next: OutboxView) =>
    setParams(next === DEFAULT_OUTBOX_VIEW ? {} : { status: next }, { replace: true });
  const outbox = useOutbox(view);
  const reasonId = useId();
  const [retrying, setRetrying] = useState<OutboxEmail | null>(null);
  const [retryOpen, setRetryOpen] = useState(false);
  return (
    <>
      <ConsolePageHeader
        title={OUTBOX_TITLE}
        subtitle="Emails the portal could not send, with the mail server's last answer. Their content is never shown here."
      />
      <Box sx={{ mb: 2 }}>
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          aria-label="Which emails"
          onChange={(_event, next: OutboxView | null) => {
            if (next) setView(next);
          }}
        >
          <ToggleButton value="failed">Failed</ToggleButton>
          <ToggleButton value="pending">Pending</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <RefusalNote action="retryEmail" id={reasonId} />
      <QueryState
        query={outbox}
        loadingLabel="Loading emails"
        failedText="The outbox could not be loaded. Check your connection and try again."
        isEmpty={({ emails }) => emails.length === 0}
        emptyText={EMPTY[view]}
      >
        {({ emails }) => (
          <OutboxTable
            view={view}
            emails={emails}
            reasonId={reasonId}
            onRetry={(email) => {
              setRetrying(email);
              setRetryOpen(true);
            }}
          />
        )}
      </QueryState>
      <ConfirmActionDialog
        open={retryOpen}
        onClose={() => setRetryOpen(false)}
        title="Retry email"
        text={
          <>
            Send “{retrying?.subject}” to <strong>{retrying?.to}</strong> again?{' '}
            {retrying?.status === 'pending'
              ? 'It is tried at once rather than at its next attempt.'
              : 'It goes back in the queue and is tried at once.'}
          </>
        }
        confirmLabel="Retry"
        call={consoleTools.retryEmail}
        body={{ id: retrying?.id ?? '' }}
      />
    </>
  );
}
