// The states of a tool screen's list besides its rows: loading, failed to load (with a way to ask
// again), and empty (a sentence instead of a header row with nothing under it).
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';

interface ListStateProps {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What is loading ("Loading verifier keys"). */
  loadingLabel: string;
  failedText: string;
  /** Shown when the list has no rows. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

export function ListState({ query, loadingLabel, failedText, empty, emptyText, children }: ListStateProps) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError)
    return <LoadFailedAlert onRetry={() => void query.refetch()}>{failedText}</LoadFailedAlert>;
  if (empty)
    return (
      <Paper variant="outlined">
        <Typography color="text.secondary" sx={{ py: 6, px: 2, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      </Paper>
    );
  return <>{children}</>;
}
