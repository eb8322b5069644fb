import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlined from '@/components/icons/info-outlined';

const TOKEN_COLUMNS = ['Created Date', 'Client ID', 'Description', 'Nickname', 'Status'] as const;
const EXPIRY_COLUMN = 'Expiry Date';
const ACTION_COLUMN = 'Action';
/** The narrow layout's single column holding every detail of a token and its buttons. */
const COMPACT_COLUMN = 'API Token';

/** The name of the button beside "Action" whose tooltip says why a role has no buttons there. */
export const WHY_NO_ACTIONS = 'Why there are no actions';

interface TokensTableHeadProps {
  compact: boolean;
  /**
   * The policy's sentences when the user's role may neither rotate nor delete: the Action column stays
   * (spec §2) but is empty, so its header says why. Empty when the role has buttons there.
   */
  refusals: readonly string[];
  showExpiry: boolean;
  selectedCount: number;
  rowCount: number;
  onToggleAll: () => void;
}

export function TokensTableHead(props: TokensTableHeadProps) {
  const { compact, refusals, showExpiry, selectedCount, rowCount, onToggleAll } = props;
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
            {column === ACTION_COLUMN && refusals.length > 0 ? <WhyNoActions refusals={refusals} /> : null}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function WhyNoActions({ refusals }: { refusals: readonly string[] }) {
  return (
    <Tooltip
      describeChild
      title={refusals.map((refusal) => (
        <Box component="span" key={refusal} sx={{ display: 'block' }}>
          {refusal}
        </Box>
      ))}
    >
      <IconButton size="small" aria-label={WHY_NO_ACTIONS} sx={{ ml: 0.5, my: -0.5 }}>
        <InfoOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
