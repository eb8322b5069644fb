import { TOKEN_STATUS_COLORS, TOKEN_STATUS_LABELS, type TokenStatus } from '@datafeeds/domain';
import Chip from '@mui/material/Chip';

/** The label names the status; the colour only repeats it. */
export function TokenStatusChip({ status }: { status: TokenStatus }) {
  return (
    <Chip
      size="small"
      label={TOKEN_STATUS_LABELS[status]}
      color={TOKEN_STATUS_COLORS[status]}
      sx={{ maxWidth: '100%' }}
    />
  );
}
