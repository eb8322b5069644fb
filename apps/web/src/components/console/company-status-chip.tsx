import type { CompanyAccountStatus } from '@datafeeds/domain';
import Chip from '@mui/material/Chip';
import { ACCOUNT_STATUS_COLORS, ACCOUNT_STATUS_LABELS } from './console-texts';

/** A company's account status; the label names it, the colour only repeats it. */
export function CompanyStatusChip({ status }: { status: CompanyAccountStatus }) {
  return <Chip size="small" label={ACCOUNT_STATUS_LABELS[status]} color={ACCOUNT_STATUS_COLORS[status]} />;
}
