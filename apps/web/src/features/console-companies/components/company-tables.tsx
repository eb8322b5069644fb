// A company's members and tokens on its console page (design §11 "Screens"). Tokens carry the
// customer app's status chips, their use today against their own cap, and "End review" when under review.
// Dates as the rest of the console shows them: days as "Nov 26, 2026", moments with their time.
import { useId, useState } from 'react';
import {
  COMPANY_ROLE_LABELS,
  formatDay,
  TOKEN_STATUS_COLORS,
  TOKEN_STATUS_LABELS,
  type ConsoleCompany,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/a11y/visually-hidden';
import { ConsoleTable } from '@/components/console/console-table';
import { ConsoleTime } from '@/components/console/console-time';
import { useWideScreen } from '@/components/console/use-wide-screen';
import { PermittedButton, RefusalNote } from '@/components/console/permitted-button';
import { limitText, NOT_SET } from '@/components/console/console-texts';
import { EndReviewDialog } from './action-dialogs';

export function CompanyMembers({ members }: { members: ConsoleCompany['members'] }) {
  if (members.length === 0) return <Typography color="text.secondary">No members.</Typography>;
  return (
    <ConsoleTable label="Members" columns={['Name', 'Email', 'Role', 'Joined']} framed={false}>
      {members.map((member) => (
        <TableRow key={member.id}>
          <TableCell>{member.name}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
          <TableCell>{COMPANY_ROLE_LABELS[member.role]}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(member.joinedAt)}</TableCell>
        </TableRow>
      ))}
    </ConsoleTable>
  );
}

type Token = ConsoleCompany['tokens'][number];

// Below 1200 px a token's name and its client ID share a cell (the ID on a line of its own), and the days
// it was created and expires make room for the rest, so that the table fits at 900 px.
const TOKEN_COLUMNS = ['Token', 'Status', 'Last used', 'Used today', 'Review'];
const WIDE_TOKEN_COLUMNS = [
  'Token',
  'Client ID',
  'Status',
  'Created',
  'Expires',
  'Last used',
  'Used today',
  'Review',
];
/** A client ID is read and copied whole: on one line, in monospace. */
const CLIENT_ID_SX = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

export function CompanyTokens({ tokens, companyName }: { tokens: Token[]; companyName: string }) {
  const [reviewing, setReviewing] = useState<Token | null>(null);
  const wide = useWideScreen();
  const reasonId = useId();
  if (tokens.length === 0) return <Typography color="text.secondary">No tokens.</Typography>;
  return (
    <>
      {tokens.some((token) => token.status === 'review') ? (
        <RefusalNote action="endTokenReview" id={reasonId} />
      ) : null}
      <ConsoleTable label="Tokens" framed={false} columns={wide ? WIDE_TOKEN_COLUMNS : TOKEN_COLUMNS}>
        {tokens.map((token) => (
          <TableRow key={token.clientId}>
            {wide ? (
              <>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{token.label}</TableCell>
                <TableCell sx={CLIENT_ID_SX}>{token.clientId}</TableCell>
              </>
            ) : (
              <TableCell sx={{ minWidth: 120 }}>
                <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {token.label}
                </Box>
                <Box component="span" sx={{ ...CLIENT_ID_SX, display: 'block', color: 'text.secondary' }}>
                  <Box component="span" sx={visuallyHidden}>
                    Client ID{' '}
                  </Box>
                  {token.clientId}
                </Box>
              </TableCell>
            )}
            <TableCell>
              <Chip
                size="small"
                label={TOKEN_STATUS_LABELS[token.status]}
                color={TOKEN_STATUS_COLORS[token.status]}
              />
            </TableCell>
            {wide ? (
              <>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(token.createdAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {token.expiresAt ? formatDay(token.expiresAt) : 'Never'}
                </TableCell>
              </>
            ) : null}
            <TableCell>{token.lastUsedAt ? <ConsoleTime value={token.lastUsedAt} /> : 'Never'}</TableCell>
            <TableCell>
              {token.usedToday.toLocaleString('en')}
              {token.dailyCap === null ? '' : ` / ${limitText(token.dailyCap)} (cap)`}
            </TableCell>
            <TableCell>
              {token.status === 'review' ? (
                <PermittedButton
                  action="endTokenReview"
                  reasonId={reasonId}
                  size="small"
                  onClick={() => setReviewing(token)}
                  aria-label={`End review of ${token.label}`}
                >
                  End review
                </PermittedButton>
              ) : (
                NOT_SET
              )}
            </TableCell>
          </TableRow>
        ))}
      </ConsoleTable>
      {reviewing ? (
        <EndReviewDialog token={reviewing} companyName={companyName} onClose={() => setReviewing(null)} />
      ) : null}
    </>
  );
}
