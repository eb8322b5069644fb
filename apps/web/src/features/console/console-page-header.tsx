import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { consoleTitle } from './console-texts';

/** A console screen's one h1, which also names the browser tab. */
export function ConsolePageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <title>{consoleTitle(title)}</title>
      <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
