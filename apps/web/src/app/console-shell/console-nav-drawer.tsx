// Where the console's navigation sits (design §11 "How the console is built"): in a drawer beside the page
// from 1200 px up, below the fixed app bar; below that, in a drawer the menu button opens over the page,
// so that at 900 px the tables have the whole width.
import type { StaffMember } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ConsoleNav } from './console-nav';

const DRAWER_WIDTH = 240;

interface ConsoleNavDrawerProps {
  member: StaffMember | undefined;
  /** The drawer the menu button opens, when the screen is narrow; undefined when it is wide. */
  menu?: { navId: string; open: boolean; onClose: () => void };
}

export function ConsoleNavDrawer({ member, menu }: ConsoleNavDrawerProps) {
  if (menu)
    return (
      <Drawer
        id={menu.navId}
        variant="temporary"
        open={menu.open}
        onClose={menu.onClose}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Box component="nav" aria-label="Console">
          {member ? (
            <Typography variant="body2" sx={{ px: 2, pt: 2, overflowWrap: 'anywhere' }}>
              Signed in as {member.email} ({member.role})
            </Typography>
          ) : null}
          <ConsoleNav role={member?.role} onNavigate={menu.onClose} />
        </Box>
      </Drawer>
    );
  return (
    <Drawer
      variant="permanent"
      component="nav"
      aria-label="Console"
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      {/* Below the fixed app bar. */}
      <Toolbar />
      <ConsoleNav role={member?.role} />
    </Drawer>
  );
}
