// The sidebar of spec §2: 280 px open, 87 px collapsed; always collapsed below md, with collapse and
// expand buttons above it. External links come from the server's config at run time.
import { useState } from 'react';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@/components/icons/add';
import ChevronLeft from '@/components/icons/chevron-left';
import ChevronRight from '@/components/icons/chevron-right';
import DashboardOutlined from '@/components/icons/dashboard-outlined';
import DescriptionOutlined from '@/components/icons/description-outlined';
import HistoryOutlined from '@/components/icons/history-outlined';
import GroupOutlined from '@/components/icons/group-outlined';
import Logout from '@/components/icons/logout';
import MapOutlined from '@/components/icons/map-outlined';
import PersonOutline from '@/components/icons/person-outline';
import SupportAgentOutlined from '@/components/icons/support-agent-outlined';
import { Link, useLocation, useNavigate } from 'react-router';
import { DataFeedsLogo, DataFeedsMark } from '@/components/brand/data-feeds-logo';
import { ColorModeToggle } from '@/components/theme/color-mode-toggle';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { useAppConfig } from '@/lib/use-app-config';
import { useLogout } from '@/lib/account/logout';
import { SidebarItem } from './sidebar-item';

export function Sidebar() {
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [collapsedByUser, setCollapsedByUser] = useState(false);
  const collapsed = isSmallScreen || collapsedByUser;
  const width = collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_OPEN;
  const widthTransition = theme.transitions.create('width', { duration: theme.transitions.duration.shorter });

  const { pathname } = useLocation();
  const navigate = useNavigate();
  const links = useAppConfig().data?.links;
  const logout = useLogout();

  // The shell unmounts the sidebar as soon as the session ends, so the follow-up navigation hangs off the
  // promise rather than a mutate() callback (those are skipped after unmount). It replaces the shell's
  // "come back here after signing in" redirect: after a deliberate logout the next sign-in starts fresh.
  const handleLogout = () => {
    track(EVENTS.clickedLogOut);
    void logout.mutateAsync().finally(() => void navigate(paths.login, { replace: true }));
  };

  return (
    // What MUI's permanent Drawer renders (its docked root and paper, with their class names), without
    // the modal, focus trap, slide and backdrop it imports for its temporary variant: 6 kB gzip of every
    // signed-in page's first load (design §7).
    <Box
      component="nav"
      aria-label="Main"
      className="MuiDrawer-root MuiDrawer-docked"
      sx={{ flex: '0 0 auto', width, flexShrink: 0, transition: widthTransition }}
    >
      <Paper
        square
        elevation={0}
        className="MuiDrawer-paper"
        sx={{
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          flex: '1 0 auto',
          zIndex: 'drawer',
          position: 'fixed',
          top: 0,
          left: 0,
          outline: 0,
          borderRight: 1,
          borderColor: 'divider',
          width,
          overflowX: 'hidden',
          transition: widthTransition,
          boxSizing: 'border-box',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'space-between',
            flexDirection: collapsed ? 'column' : 'row',
            gap: 1,
            px: 2,
            py: 2,
          }}
        >
          <Box
            component={Link}
            to={paths.dashboard}
            aria-label="DataFeeds Portal home"
            sx={{ display: 'flex', textDecoration: 'none' }}
          >
            {collapsed ? <DataFeedsMark size={36} /> : <DataFeedsLogo size={32} />}
          </Box>
          {isSmallScreen ? null : (
            <Tooltip title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} placement="right">
              <IconButton
                size="small"
                onClick={() => setCollapsedByUser((value) => !value)}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
              >
                {collapsed ? <ChevronRight /> : <ChevronLeft />}
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <Divider />
        <List sx={{ pt: 1 }}>
          <SidebarItem
            icon={<DashboardOutlined />}
            label="Dashboard"
            to={paths.dashboard}
            active={pathname === paths.home || pathname === paths.dashboard}
            collapsed={collapsed}
          />
          <SidebarItem
            icon={<PersonOutline />}
            label="Profile"
            to={paths.profile}
            active={pathname === paths.profile}
            collapsed={collapsed}
          />
          <SidebarItem
            icon={<GroupOutlined />}
            label="Team"
            to={paths.team}
            active={pathname === paths.team}
            collapsed={collapsed}
          />
          <SidebarItem
            icon={<HistoryOutlined />}
            label="Activity"
            to={paths.activity}
            active={pathname === paths.activity}
            collapsed={collapsed}
          />
          {links ? (
            <SidebarItem icon={<MapOutlined />} label="Roadmap" href={links.roadmap} collapsed={collapsed} />
          ) : null}
        </List>
        <Box sx={{ px: 1.5, py: 1 }}>
          <Tooltip title={collapsed ? 'New API Token' : ''} placement="right">
            <Button
              component={Link}
              to={paths.createClient}
              onClick={() => track(EVENTS.clickedNewApiToken, { from: 'sidebar' })}
              variant="contained"
              color="accent"
              fullWidth
              aria-label={collapsed ? 'New API Token' : undefined}
              startIcon={collapsed ? undefined : <Add />}
              sx={{ minWidth: 0, minHeight: 44, px: collapsed ? 0 : 2 }}
            >
              {collapsed ? <Add /> : 'New API Token'}
            </Button>
          </Tooltip>
        </Box>
        <List>
          {links ? (
            <>
              <SidebarItem
                icon={<DescriptionOutlined />}
                label="Documentation"
                href={links.documentation}
                collapsed={collapsed}
              />
              <SidebarItem
                icon={<SupportAgentOutlined />}
                label="Support"
                href={links.support}
                collapsed={collapsed}
              />
            </>
          ) : null}
        </List>
        <Box sx={{ flexGrow: 1 }} />
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
          <ColorModeToggle />
        </Box>
        <List sx={{ pb: 2 }}>
          <SidebarItem
            icon={<Logout />}
            label="Log Out"
            onClick={handleLogout}
            disabled={logout.isPending}
            collapsed={collapsed}
          />
        </List>
      </Paper>
    </Box>
  );
}
