import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

interface DataFeedsMarkProps {
  size?: number;
  title?: string;
}

/** The DataFeeds mark: a "D" carrying a live-data dot. Decorative unless given a title. */
export function DataFeedsMark({ size = 32, title }: DataFeedsMarkProps) {
  const theme = useTheme();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill={theme.palette.primary.main} />
      <path
        d="M9 8h7.5a8 8 0 0 1 0 16H9z"
        fill="none"
        stroke={theme.palette.primary.contrastText}
        strokeWidth="3"
      />
      <circle cx="16.5" cy="16" r="2.6" fill={theme.palette.accent.main} />
    </svg>
  );
}

/** Mark plus wordmark, as shown in the sidebar and above the auth forms. */
export function DataFeedsLogo({ size = 32 }: { size?: number }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary' }}>
      <DataFeedsMark size={size} />
      <Box
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}
      >
        DataFeeds
      </Box>
    </Box>
  );
}
