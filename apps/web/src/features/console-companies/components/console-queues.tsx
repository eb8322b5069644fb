// The queues (design §11 "Screens"): upgrade requests waiting for approval and tokens under review,
// oldest first, each with its action. The overview links to each section by its id.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { planDisplayName, type ConsoleAction, type ConsoleQueues as Queues } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { ApproveUpgradeDialog, EndReviewDialog, type CompanyTarget } from './action-dialogs';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { QueryState } from '@/components/console/query-state';
import { CompanyLinkCell } from '@/components/console/company-link';
import { REVIEWS_SECTION_ID, UPGRADES_SECTION_ID } from '@/config/console-paths';
import { useConsoleQueues } from '../api/get-console-queues';
import { NOT_SET } from '@/components/console/console-texts';
import { ConsoleTable } from '@/components/console/console-table';
import { ConsoleTime } from '@/components/console/console-time';
import { PermittedButton, RefusalNote } from '@/components/console/permitted-button';

type Review = Queues['tokensUnderReview'][number];

function QueueSection({
  id,
  title,
  head,
  empty,
  action,
  rows,
}: {
  id: string;
  title: string;
  head: string[];
  empty: string;
  action: ConsoleAction;
  /** The rows, given the id of the sentence their disabled buttons point to. */
  rows: (reasonId: string) => ReactNode[];
}) {
  const headingId = useId();
  const reasonId = useId();
  const shown = rows(reasonId);
  return (
    <Box component="section" id={id} aria-labelledby={headingId} sx={{ mb: 4, scrollMarginTop: 80 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title} ({shown.length})
      </Typography>
      {shown.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <>
          <RefusalNote action={action} id={reasonId} />
          <ConsoleTable label={title} columns={head} framed={false}>
            {shown}
          </ConsoleTable>
        </>
      )}
    </Box>
  );
}

/** Brings the section the address names (#reviews) into view once the queues are on screen. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash === '') return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
}

export function ConsoleQueues() {
  const queues = useConsoleQueues();
  const [approving, setApproving] = useState<CompanyTarget | null>(null);
  const [reviewing, setReviewing] = useState<Review | null>(null);
  useScrollToHash(queues.isSuccess);

  return (
    <>
      <ConsolePageHeader title="Queues" />
      <QueryState
        query={queues}
        loadingLabel="Loading the queues"
        failedText="The queues could not be loaded. Check your connection and try again."
      >
        {({ upgradeRequests, tokensUnderReview }) => (
          <>
            <QueueSection
              id={UPGRADES_SECTION_ID}
              title="Upgrade requests"
              head={['Company', 'Plan', 'Requested', 'Requested by', 'Action']}
              empty="No upgrade request is waiting."
              action="approveUpgrade"
              rows={(reasonId) =>
                upgradeRequests.map((request) => (
                  <TableRow key={request.companyId}>
                    <CompanyLinkCell company={{ id: request.companyId, name: request.companyName }} />
                    <TableCell>{planDisplayName(request.plan)}</TableCell>
                    <TableCell>
                      <ConsoleTime value={request.requestedAt} />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {request.requesterEmail ?? NOT_SET}
                    </TableCell>
                    <TableCell>
                      <PermittedButton
                        action="approveUpgrade"
                        reasonId={reasonId}
                        size="small"
                        aria-label={`Approve upgrade of ${request.companyName}`}
                        onClick={() => setApproving({ id: request.companyId, name: request.companyName })}
                      >
                        Approve
                      </PermittedButton>
                    </TableCell>
                  </TableRow>
                ))
              }
            />
            <QueueSection
              id={REVIEWS_SECTION_ID}
              title="Tokens under review"
              head={['Company', 'Token', 'Client ID', 'Created', 'Action']}
              empty="No token is under review."
              action="endTokenReview"
              rows={(reasonId) =>
                tokensUnderReview.map((token) => (
                  <TableRow key={token.clientId}>
                    <CompanyLinkCell company={{ id: token.companyId, name: token.companyName }} />
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{token.label}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {token.clientId}
                    </TableCell>
                    <TableCell>
                      <ConsoleTime value={token.createdAt} />
                    </TableCell>
                    <TableCell>
                      <PermittedButton
                        action="endTokenReview"
                        reasonId={reasonId}
                        size="small"
                        aria-label={`End review of ${token.label}`}
                        onClick={() => setReviewing(token)}
                      >
                        End review
                      </PermittedButton>
                    </TableCell>
                  </TableRow>
                ))
              }
            />
          </>
        )}
      </QueryState>
      {approving ? <ApproveUpgradeDialog company={approving} onClose={() => setApproving(null)} /> : null}
      {reviewing ? (
        <EndReviewDialog
          token={reviewing}
          companyName={reviewing.companyName}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </>
  );
}
