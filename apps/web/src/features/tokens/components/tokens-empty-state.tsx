import type { CompanyAccountStatus } from '@datafeeds/domain';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NewTokenButton } from '@/components/navigation/new-token-button';

export const EMPTY_HEADING = 'No API Tokens Found';
export const EMPTY_TEXT = "Looks like you don't have any API Tokens yet. Ready to create a new request?";
export const PAID_ACCOUNT_NOTE =
  'Your paid account includes access to the DataFeeds API: request a token to get started.';

/**
 * The note under the text: none on a trial; a paid account is not offered free access (spec §2's note
 * for a status other than trial); a suspended one is offered nothing: its banner says what it can do
 * (design §11 "Suspension is visible").
 */
function accountNote(accountStatus: CompanyAccountStatus): string | null {
  return accountStatus === 'paid' ? PAID_ACCOUNT_NOTE : null;
}

export function TokensEmptyState({ accountStatus }: { accountStatus: CompanyAccountStatus }) {
  const note = accountNote(accountStatus);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="tokens-empty-heading"
      sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2 }}
    >
      <Typography id="tokens-empty-heading" variant="h3" component="h2">
        {EMPTY_HEADING}
      </Typography>
      <Typography color="text.secondary">{EMPTY_TEXT}</Typography>
      {note === null ? null : <Typography>{note}</Typography>}
      <NewTokenButton from="empty state">New API Client</NewTokenButton>
    </Paper>
  );
}
