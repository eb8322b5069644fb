// The console's navigation (design §11 "Screens"): every screen, the staff list for admins only.
import type { ReactNode } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import BusinessOutlined from '@/components/icons/business-outlined';
import DashboardOutlined from '@/components/icons/dashboard-outlined';
import HistoryOutlined from '@/components/icons/history-outlined';
import InboxOutlined from '@/components/icons/inbox-outlined';
import KeyOutlined from '@/components/icons/key-outlined';
import MailOutline from '@/components/icons/mail-outline';
import PeopleOutline from '@/components/icons/people-outline';
import SellOutlined from '@/components/icons/sell-outlined';
import { Link, useLocation } from 'react-router';
import type { StaffRole } from '@datafeeds/domain';
import { consolePaths } from '@/config/console-paths';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  adminOnly?: boolean;
}

const CONSOLE_NAV: readonly NavItem[] = [
  { label: 'Overview', to: consolePaths.home, icon: <DashboardOutlined /> },
  { label: 'Companies', to: consolePaths.companies, icon: <BusinessOutlined /> },
  { label: 'Queues', to: consolePaths.queues, icon: <InboxOutlined /> },
  { label: 'Verifier keys', to: consolePaths.verifierKeys, icon: <KeyOutlined /> },
  { label: 'Email outbox', to: consolePaths.outbox, icon: <MailOutline /> },
  { label: 'Plans', to: consolePaths.plans, icon: <SellOutlined /> },
  // The staff list is for admins (console-tools' listStaff); support would only be refused.
  { label: 'Staff', to: consolePaths.staff, icon: <PeopleOutline />, adminOnly: true },
  { label: 'Staff trail', to: consolePaths.trail, icon: <HistoryOutlined /> },
];

/** The overview is current only at /console itself; another item also for the pages below it. */
function isCurrent(pathname: string, to: string): boolean {
  if (to === consolePaths.home) return pathname === to || pathname === `${to}/`;
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function ConsoleNav({ role, onNavigate }: { role: StaffRole | undefined; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <List sx={{ py: 1 }}>
      {CONSOLE_NAV.filter((item) => !item.adminOnly || role === 'admin').map((item) => {
        const current = isCurrent(pathname, item.to);
        return (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={Link}
              to={item.to}
              onClick={onNavigate}
              selected={current}
              aria-current={current ? 'page' : undefined}
              sx={{ minHeight: 44, borderRadius: 1, mx: 1, mb: 0.5, px: 1.5 }}
            >
              <ListItemIcon sx={{ minWidth: 0, mr: 1.5, color: current ? 'primary.main' : 'inherit' }}>
                {item.icon}
              </ListItemIcon>
              <ListItemText
                primary={item.label}
                slotProps={{ primary: { noWrap: true, fontWeight: current ? 600 : 500 } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
