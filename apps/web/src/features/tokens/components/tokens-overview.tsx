import type { ReactNode } from 'react';
import type { CompanyAccountStatus } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { NewTokenButton } from '@/components/navigation/new-token-button';
import { useClients } from '../api/get-clients';
import { TokensEmptyState } from './tokens-empty-state';
import { TokensTable } from './tokens-table';
import { useTokenDialogs } from './use-token-dialogs';

export const TOKENS_HEADING = 'API Tokens';
export const TOKENS_SUBTITLE = 'View the status of your DataFeeds API Tokens below';

interface TokensOverviewProps {
  accountStatus: CompanyAccountStatus;
  /** Shown beside 'New API Token' (the upgrade button, composed by the dashboard route). */
  extraAction?: ReactNode;
}

/** The dashboard's token list (spec §2): a failed load shows as an empty list. */
export function TokensOverview({ accountStatus, extraAction }: TokensOverviewProps) {
  const clientsQuery = useClients();
  // Here, not in the table: the dialogs must outlive the last row when it is deleted.
  const { actions, dialogs } = useTokenDialogs();

  if (clientsQuery.isPending) return <PageSpinner label="Loading your API tokens" />;
  const clients = clientsQuery.data ?? [];

  return (
    <>
      {clients.length === 0 ? (
        <TokensEmptyState accountStatus={accountStatus} />
      ) : (
        <Box component="section" aria-labelledby="tokens-heading">
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'flex-end',
              justifyContent: 'space-between',
              gap: 2,
              mb: 2,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography id="tokens-heading" variant="h3" component="h2">
                {TOKENS_HEADING}
              </Typography>
              <Typography color="text.secondary">{TOKENS_SUBTITLE}</Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {extraAction}
              <NewTokenButton from="dashboard">New API Token</NewTokenButton>
            </Box>
          </Box>
          <TokensTable clients={clients} showExpiry={accountStatus === 'trial'} actions={actions} />
        </Box>
      )}
      {dialogs}
    </>
  );
}
