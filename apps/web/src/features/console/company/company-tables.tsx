// A company's members and tokens on its console page (design §11 "Screens"). Tokens carry the
// customer app's status chips, their use today against their own cap, and "End review" when under review.
import { useId, useState } from 'react';
import {
  COMPANY_ROLE_LABELS,
  formatDate,
  formatDateTime,
  TOKEN_STATUS_COLORS,
  TOKEN_STATUS_LABELS,
  type ConsoleCompany,
} from '@datafeeds/domain';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ConsoleTable } from '../console-table';
import { PermittedButton, RefusalNote } from '../permitted-button';
import { limitText, NOT_SET } from '../console-texts';
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
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(member.joinedAt)}</TableCell>
        </TableRow>
      ))}
    </ConsoleTable>
  );
}

type Token = ConsoleCompany['tokens'][number];

export function CompanyTokens({ tokens, companyName }: { tokens: Token[]; companyName: string }) {
  const [reviewing, setReviewing] = useState<Token | null>(null);
  const reasonId = useId();
  if (tokens.length === 0) return <Typography color="text.secondary">No tokens.</Typography>;
  return (
    <>
      {tokens.some((token) => token.status === 'review') ? (
        <RefusalNote action="endTokenReview" id={reasonId} />
      ) : null}
      <ConsoleTable
        label="Tokens"
        framed={false}
        columns={['Token', 'Client ID', 'Status', 'Created', 'Expires', 'Last used', 'Used today', 'Review']}
      >
        {tokens.map((token) => (
          <TableRow key={token.clientId}>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{token.label}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{token.clientId}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={TOKEN_STATUS_LABELS[token.status]}
                color={TOKEN_STATUS_COLORS[token.status]}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(token.createdAt)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {token.expiresAt ? formatDate(token.expiresAt) : 'Never'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
