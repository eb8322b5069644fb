import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

const TOKEN_COLUMNS = ['Created Date', 'Client ID', 'Description', 'Nickname', 'Status'] as const;
const EXPIRY_COLUMN = 'Expiry Date';
const ACTION_COLUMN = 'Action';
/** The narrow layout's single column holding every detail of a token and its buttons. */
const COMPACT_COLUMN = 'API Token';

interface TokensTableHeadProps {
  compact: boolean;
  showExpiry: boolean;
  selectedCount: number;
  rowCount: number;
  onToggleAll: () => void;
}

export function TokensTableHead(props: TokensTableHeadProps) {
  const { compact, showExpiry, selectedCount, rowCount, onToggleAll } = props;
  const some = selectedCount > 0 && selectedCount < rowCount;
  const columns = compact
    ? [COMPACT_COLUMN]
    : [...TOKEN_COLUMNS, ...(showExpiry ? [EXPIRY_COLUMN] : []), ACTION_COLUMN];
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox">
          <Checkbox
            checked={rowCount > 0 && selectedCount === rowCount}
            indeterminate={some}
            onChange={onToggleAll}
            // A native checkbox tells "some selected" by its indeterminate property; MUI's aria-checked="mixed"
            // is not allowed on it (axe: aria-conditional-attr).
            inputRef={(input: HTMLInputElement | null) => {
              if (input) input.indeterminate = some;
            }}
            slotProps={{ input: { 'aria-label': 'Select all tokens', 'aria-checked': undefined } }}
          />
        </TableCell>
        {columns.map((column) => (
          <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap', pl: compact ? 0 : undefined }}>
            {column}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
