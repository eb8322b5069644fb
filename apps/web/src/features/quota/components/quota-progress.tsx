// Today's share of the quota as a bar: the primary colour below 80 %, amber (warning) from 80 %, red
// (error) at 100 % (design §10). Its accessible name says the share in words; the colour never says it alone.
import LinearProgress from '@mui/material/LinearProgress';
import { progressLabel, type QuotaLevel } from './quota-texts';

const BAR_COLOR = {
  unlimited: 'primary',
  normal: 'primary',
  warning: 'warning',
  exhausted: 'error',
} as const;

export function QuotaProgress({ percent, level }: { percent: number; level: QuotaLevel }) {
  return (
    <LinearProgress
      variant="determinate"
      value={percent}
      color={BAR_COLOR[level]}
      aria-label={progressLabel(percent)}
      sx={{ height: 10, borderRadius: 5, my: 1.5 }}
    />
  );
}
