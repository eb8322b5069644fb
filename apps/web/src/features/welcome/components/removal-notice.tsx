// A member removed from a company who signs in again lands on /welcome without a company (design §9):
// they are told which company removed them, by whom and when, before being offered to start their own.
// Nothing shows while it loads, if it fails, or for an account never removed.
import { formatDate, type RemovalResponse } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import { useRemoval } from '../api/get-removal';

function removalText({ companyName, removedBy, removedAt }: NonNullable<RemovalResponse['removal']>) {
  const who = removedBy ?? 'An admin';
  return (
    `${who} removed you from ${companyName} on ${formatDate(removedAt)}. To rejoin, ask them for a new ` +
    'invitation; or set up a company of your own below.'
  );
}

export function RemovalNotice() {
  const { data } = useRemoval();
  if (!data?.removal) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      {removalText(data.removal)}
    </Alert>
  );
}
