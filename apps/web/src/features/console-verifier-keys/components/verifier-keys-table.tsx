// The verifier keys, one row each: name, the key's first characters (never the key), when it was
// created and last used, and whether it is revoked; an active key can be revoked.
import type { VerifierKey } from '@datafeeds/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PermittedButton } from '@/components/console/permitted-button';
import { ActionsCell, ConsoleTable } from '@/components/console/console-table';
import { ConsoleTime } from '@/components/console/console-time';

const COLUMNS = ['Name', 'Key start', 'Created', 'Last used', 'Revoked', ''] as const;

interface VerifierKeysTableProps {
  keys: readonly VerifierKey[];
  /** The id of the role's refusal, said once above the table (RefusalNote). */
  reasonId: string;
  onRevoke: (key: VerifierKey) => void;
}

export function VerifierKeysTable({ keys, reasonId, onRevoke }: VerifierKeysTableProps) {
  return (
    <ConsoleTable label="Verifier keys" columns={COLUMNS}>
      {keys.map((key) => (
        <TableRow key={key.id}>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{key.name}</TableCell>
          <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key.keyStart}…</TableCell>
          {/* Times may break between the day and the hour (ConsoleTime), so that the table fits at 900 px. */}
          <TableCell>
            <ConsoleTime value={key.createdAt} />
          </TableCell>
          <TableCell>{key.lastUsedAt ? <ConsoleTime value={key.lastUsedAt} /> : 'Never'}</TableCell>
          <TableCell>{key.revokedAt ? <ConsoleTime value={key.revokedAt} /> : 'No'}</TableCell>
          <ActionsCell>
            {key.revokedAt ? null : (
              <PermittedButton
                action="manageVerifierKeys"
                reasonId={reasonId}
                variant="text"
                color="error"
                size="small"
                aria-label={`Revoke ${key.name}`}
                onClick={() => onRevoke(key)}
              >
                Revoke
              </PermittedButton>
            )}
          </ActionsCell>
        </TableRow>
      ))}
    </ConsoleTable>
  );
}
