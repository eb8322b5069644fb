// What a console screen (or a part of one) shows besides its data (design §11): a spinner while it
// loads, an alert with a way to ask again when it could not be loaded, and a sentence instead of an
// empty table. Every console screen says these the same way.
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';

interface QueryStateProps<Data> {
  query: { isPending: boolean; isError: boolean; data: Data | undefined; refetch: () => unknown };
  /** What is loading ("Loading verifier keys"). */
  loadingLabel: string;
  failedText: string;
  /** Whether the data has nothing to show; then `emptyText` stands for it. */
  isEmpty?: (data: Data) => boolean;
  emptyText?: string;
  /** The data on screen, given the data once it is there. */
  children: (data: Data) => ReactNode;
}

export function QueryState<Data>({
  query,
  loadingLabel,
  failedText,
  isEmpty,
  emptyText,
  children,
}: QueryStateProps<Data>) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError || query.data === undefined)
    return <LoadFailedAlert onRetry={() => void query.refetch()}>{failedText}</LoadFailedAlert>;
  if (isEmpty?.(query.data))
    return (
      <Paper variant="outlined">
        <Typography color="text.secondary" sx={{ py: 6, px: 2, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      </Paper>
    );
  return <>{children(query.data)}</>;
}
