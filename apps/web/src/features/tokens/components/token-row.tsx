import type { KeyboardEvent } from 'react';
import { formatDate, formatDateTime, formatRelativeTime, type Client } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { NEVER_USED } from './last-used';
import { TokenDescription } from './token-description';
import { displayClientId } from './token-name';
import { TokenRowActions } from './token-row-actions';
import { TokenStatusChip } from './token-status-chip';
import type { TokenActions } from './use-token-dialogs';

interface TokenRowProps {
  client: Client;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  showExpiry: boolean;
  compact: boolean;
  actions: TokenActions;
}

/** A rotation's old secret still works: until when (the details page shows more and can stop it). */
export function oldSecretHintText(endsAt: string): string {
  return `Old secret active until ${formatDateTime(endsAt)}`;
}

function OldSecretHint({ endsAt }: { endsAt: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
      {oldSecretHintText(endsAt)}
    </Typography>
  );
}

/** One token; a click or Enter on the row opens its details, its checkbox and buttons do not. */
export function TokenRow({
  client,
  selected,
  onToggle,
  onOpen,
  showExpiry,
  compact,
  actions,
}: TokenRowProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen();
  };
  const created = formatDate(client.createdAt);
  const expires = formatDate(client.expiredAt);
  // The compact layout's facts: each wraps as a whole, never mid-date, and stacks on a phone.
  const facts = [`Client ID ${displayClientId(client.id)}`, `Created ${created}`];
  if (showExpiry) facts.push(`Expires ${expires}`);
  facts.push(`Last used ${client.lastUsedAt === null ? NEVER_USED : formatRelativeTime(client.lastUsedAt)}`);
  const graceHint = client.rotationGrace && <OldSecretHint endsAt={client.rotationGrace.endsAt} />;
  return (
    <TableRow
      hover
      selected={selected}
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${client.label}` } }}
        />
      </TableCell>
      {compact ? (
        <TableCell sx={{ overflowWrap: 'anywhere', pl: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{client.label}</Typography>
            <TokenStatusChip status={client.status} />
          </Box>
          {graceHint}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
          >
            {/* The trailing space keeps the facts apart for screen readers and copied text. */}
            {facts.map((fact) => (
              <Box component="span" key={fact} sx={{ whiteSpace: 'nowrap' }}>
                {fact}{' '}
              </Box>
            ))}
          </Typography>
          <TokenDescription scope={client.scope} />
          <TokenRowActions client={client} actions={actions} />
        </TableCell>
      ) : (
        <>
          <TableCell>{created}</TableCell>
          <TableCell sx={{ fontFamily: 'monospace' }}>{displayClientId(client.id)}</TableCell>
          <TableCell>
            <TokenDescription scope={client.scope} />
          </TableCell>
          <TableCell>
            {/* A 64-character nickname wraps instead of squeezing the other columns. */}
            <Box sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{client.label}</Box>
            {graceHint}
          </TableCell>
          <TableCell>
            <TokenStatusChip status={client.status} />
          </TableCell>
          {showExpiry ? <TableCell>{expires}</TableCell> : null}
          <TableCell>
            <TokenRowActions client={client} actions={actions} />
          </TableCell>
        </>
      )}
    </TableRow>
  );
}
