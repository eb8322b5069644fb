// The heading of a console tool screen: its one h1 (the shell's navigation has none), a line saying what
// the screen is for, and the screen's main action beside it. Also names the browser tab.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface ToolHeaderProps {
  title: string;
  subtitle: ReactNode;
  action?: ReactNode;
}

export function ToolHeader({ title, subtitle, action }: ToolHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <title>{`${title} · DataFeeds console`}</title>
      <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography component="h1" variant="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
    </Box>
  );
}
