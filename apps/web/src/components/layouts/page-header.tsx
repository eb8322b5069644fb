import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** The browser tab's title, when it should differ from the heading. */
  documentTitle?: string;
}

/** The heading of a page inside the shell; also names the browser tab. */
export function PageHeader({ title, subtitle, documentTitle }: PageHeaderProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <title>{`${documentTitle ?? title} · DataFeeds Portal`}</title>
      <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
