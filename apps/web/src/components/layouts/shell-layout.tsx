// The frame of a signed-in app, the customer's (app/shell) and the console's (app/console-shell): the skip
// link, the app's navigation, then the page in <main>, which the skip link focuses.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SkipLink } from '../a11y/skip-link';

const MAIN_CONTENT_ID = 'main-content';

interface ShellLayoutProps {
  /** What comes before the page: the sidebar, or the console's app bar and navigation drawer. */
  navigation: ReactNode;
  /** The page. */
  children: ReactNode;
}

export function ShellLayout({ navigation, children }: ShellLayoutProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      {navigation}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 }, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}
