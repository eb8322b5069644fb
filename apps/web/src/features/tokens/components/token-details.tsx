import type { ReactNode } from 'react';
import type { Client } from '@datafeeds/domain';
import { Navigate, useNavigate } from 'react-router';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { paths } from '@/config/paths';
import { useClient } from '../api/get-client';
import { RotationGraceSection } from './rotation-grace-section';
import { TokenFields } from './token-fields';
import { TokenNotFound } from './token-not-found';
import { useTokenDialogs } from './use-token-dialogs';

export const TOKEN_LOAD_FAILED = 'This API token could not be loaded. Check your connection and try again.';

interface TokenDetailsProps {
  clientId: string;
  /** Shown under the token's fields once it has loaded: its part of the plan's quota (composed by the route). */
  limits?: (client: Client) => ReactNode;
  /** Shown under the token's fields once it has loaded (the usage section, composed by the route). */
  below?: ReactNode;
}

/** The /client/:clientId page body: one token, with the same delete and rotate dialogs as the dashboard. */
export function TokenDetails({ clientId, limits, below }: TokenDetailsProps) {
  const navigate = useNavigate();
  const tokenQuery = useClient(clientId);
  // Spec §2: after a rotate or a delete the user returns to /.
  const goHome = () => void navigate(paths.home);
  const { actions, dialogs } = useTokenDialogs({ onDeleted: goHome, onRotated: goHome });

  if (tokenQuery.isPending) return <PageSpinner label="Loading the API token" />;
  if (tokenQuery.isError) {
    return <LoadFailedAlert onRetry={() => void tokenQuery.refetch()}>{TOKEN_LOAD_FAILED}</LoadFailedAlert>;
  }
  if (tokenQuery.data === null) return <TokenNotFound />;
  // An old client ID's page is its token's page now: its history and any old secret show there.
  if ('replacedBy' in tokenQuery.data)
    return <Navigate to={paths.client(tokenQuery.data.replacedBy)} replace />;
  return (
    <>
      <TokenFields client={tokenQuery.data} actions={actions} />
      <RotationGraceSection client={tokenQuery.data} />
      {limits?.(tokenQuery.data)}
      {below}
      {dialogs}
    </>
  );
}
