// The console's app bar (design §11): the menu button on a narrow screen, the product, the signed-in
// member and their role, the display-mode toggle and sign-out.
import type { StaffMember } from '@datafeeds/domain';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { CONSOLE_PRODUCT_NAME } from '@/components/console/console-texts';
import MenuIcon from '@/components/icons/menu';
import { ColorModeToggle } from '@/components/theme/color-mode-toggle';

interface ConsoleAppBarProps {
  member: StaffMember | undefined;
  /** The navigation behind the menu button, when the screen is narrow; undefined when it is wide. */
  menu?: { navId: string; open: boolean; onOpen: () => void };
  onSignOut: () => void;
}

export function ConsoleAppBar({ member, menu, onSignOut }: ConsoleAppBarProps) {
  return (
    <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {menu ? (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            aria-controls={menu.navId}
            aria-expanded={menu.open}
            onClick={menu.onOpen}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography component="p" variant="h6" noWrap sx={{ minWidth: 0 }}>
          {CONSOLE_PRODUCT_NAME}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {member ? (
          <Typography noWrap sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
            {member.email} ({member.role})
          </Typography>
        ) : null}
        <ColorModeToggle />
        <Button color="inherit" onClick={onSignOut} sx={{ flexShrink: 0 }}>
          Sign out
        </Button>
      </Toolbar>
    </AppBar>
  );
}
