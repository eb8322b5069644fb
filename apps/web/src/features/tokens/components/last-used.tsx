import { formatDateTime, formatRelativeTime } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@/components/a11y/visually-hidden';

export const NEVER_USED = 'Never';

/**
 * When the data feed last verified a token: "3 hours ago", with the exact time in a tooltip (on hover
 * and keyboard focus) and in hidden text for screen readers; "Never" when it never did.
 */
export function LastUsed({ at }: { at: string | null }) {
  if (at === null) return <>{NEVER_USED}</>;
  const exact = formatDateTime(at);
  return (
    <Tooltip title={exact} describeChild>
      <Box
        component="time"
        dateTime={at}
        tabIndex={0}
        sx={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}
      >
        {formatRelativeTime(at)}
        <Box component="span" sx={visuallyHidden}>
          {` (${exact})`}
        </Box>
      </Box>
    </Tooltip>
  );
}
