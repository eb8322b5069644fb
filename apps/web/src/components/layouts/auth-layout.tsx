// The frame of every public page: the form column beside the decorative panel, with the logo and the
// display-mode toggle on top.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataFeedsLogo } from '../brand/data-feeds-logo';
import { ColorModeToggle } from '../theme/color-mode-toggle';
import { DecorativePanel } from './decorative-panel';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gridTemplateRows: { xs: 'auto 1fr', md: '1fr' },
        bgcolor: 'background.default',
      }}
    >
      <title>{`${title} · DataFeeds Portal`}</title>
      <Box sx={{ order: { xs: 0, md: 1 } }}>
        <DecorativePanel />
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2, sm: 4, md: 6 },
          py: { xs: 2, md: 4 },
          minWidth: 0,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: { xs: 2, md: 4 },
          }}
        >
          <DataFeedsLogo size={28} />
          <ColorModeToggle />
        </Box>
        <Box sx={{ width: '100%', maxWidth: 440, mx: 'auto', my: { xs: 0, md: 'auto' }, py: 2 }}>
          <Typography variant="h2" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </Box>
      </Box>
    </Box>
  );
}
