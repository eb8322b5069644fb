// One sidebar entry. Collapsed, it shows only its icon with the label as tooltip and accessible name.
import type { ReactNode } from 'react';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import OpenInNew from '@/components/icons/open-in-new';
import { Link } from 'react-router';

interface SidebarItemProps {
  icon: ReactNode;
  label: string;
  collapsed: boolean;
  /** An in-app route. */
  to?: string;
  /** An external page, opened in a new tab. */
  href?: string;
  active?: boolean;
  onClick?: () => void;
  disabled?: boolean;
}

export function SidebarItem({
  icon,
  label,
  collapsed,
  to,
  href,
  active = false,
  onClick,
  disabled = false,
}: SidebarItemProps) {
  const linkProps = to
    ? { component: Link, to }
    : href
      ? { component: 'a', href, target: '_blank', rel: 'noopener noreferrer' }
      : {};
  const accessibleName = href ? `${label} (opens in a new tab)` : label;
  // The <li> a list needs around each entry: the button inside is a link or a button, not a list item.
  // Expanded, the tooltip does not listen at all: a pointer resting on the entry would otherwise leave it
  // open-but-empty, to appear by itself once a narrower window collapses the sidebar.
  return (
    <ListItem disablePadding>
      <Tooltip
        title={collapsed ? label : ''}
        placement="right"
        disableInteractive
        disableHoverListener={!collapsed}
        disableFocusListener={!collapsed}
        disableTouchListener={!collapsed}
      >
        <ListItemButton
          {...linkProps}
          onClick={onClick}
          disabled={disabled}
          selected={active}
          aria-current={active ? 'page' : undefined}
          aria-label={collapsed || href ? accessibleName : undefined}
          sx={{
            minHeight: 44,
            borderRadius: 1,
            mx: 1,
            mb: 0.5,
            px: collapsed ? 0 : 1.5,
            justifyContent: collapsed ? 'center' : 'flex-start',
          }}
        >
          <ListItemIcon
            sx={{ minWidth: 0, mr: collapsed ? 0 : 1.5, color: active ? 'primary.main' : 'inherit' }}
          >
            {icon}
          </ListItemIcon>
          {collapsed ? null : (
            <>
              <ListItemText
                primary={label}
                slotProps={{ primary: { noWrap: true, fontWeight: active ? 600 : 500 } }}
              />
              {href ? <OpenInNew sx={{ fontSize: 14, opacity: 0.7 }} aria-hidden /> : null}
            </>
          )}
        </ListItemButton>
      </Tooltip>
    </ListItem>
  );
}
