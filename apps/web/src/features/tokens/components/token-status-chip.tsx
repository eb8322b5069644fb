import {
  SUSPENDED_TOKEN_LABEL,
  TOKEN_STATUS_COLORS,
  TOKEN_STATUS_LABELS,
  type TokenStatus,
} from '@datafeeds/domain';
import Chip from '@mui/material/Chip';
import { useCompanySuspended } from '@/lib/auth/company-suspension';

/**
 * The label names the status; the colour only repeats it. While the company is suspended every token
 * reads as suspended (design §11): none verifies, whatever its own status, which comes back with the
 * reinstatement.
 */
export function TokenStatusChip({ status }: { status: TokenStatus }) {
  const suspended = useCompanySuspended();
  return (
    <Chip
      size="small"
      label={suspended ? SUSPENDED_TOKEN_LABEL : TOKEN_STATUS_LABELS[status]}
      color={suspended ? 'error' : TOKEN_STATUS_COLORS[status]}
      sx={{ maxWidth: '100%' }}
    />
  );
}
