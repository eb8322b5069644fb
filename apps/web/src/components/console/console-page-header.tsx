// The heading of every console screen: its one h1 (the shell's navigation has none), in one size on
// every screen, with what the screen is for when it says so, anything the screen shows under its name
// (a company's status), and the screen's main action beside it. Also names the browser tab. When the
// member's role may not take that action, the policy's sentence follows, once for every button of the
// screen that points to `reasonId` (the table's too).
import type { ReactNode } from 'react';
import type { ConsoleAction } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { consoleTitle } from './console-texts';
import { PermittedButton, RefusalNote } from './permitted-button';

interface ConsolePageHeaderProps {
  title: string;
  /** What the screen is for, in a line under the heading. */
  subtitle?: ReactNode;
  /** A button of the screen's own, shown whatever the role (the Staff screen's, for admins only). */
  action?: ReactNode;
  /** The screen's main action, offered to the roles that may take it. */
  mainAction?: { action: ConsoleAction; label: string; onClick: () => void; reasonId: string };
  /** Shown under the heading (a company's status and plan). */
  children?: ReactNode;
}

export function ConsolePageHeader({ title, subtitle, action, mainAction, children }: ConsolePageHeaderProps) {
  const shownAction = mainAction ? (
    <PermittedButton
      action={mainAction.action}
      reasonId={mainAction.reasonId}
      variant="contained"
      onClick={mainAction.onClick}
    >
      {mainAction.label}
    </PermittedButton>
  ) : (
    action
  );
  const header = (
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
      <title>{consoleTitle(title)}</title>
      <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Box>
      {shownAction ? <Box sx={{ flexShrink: 0 }}>{shownAction}</Box> : null}
    </Box>
  );
  if (!mainAction) return header;
  return (
    <>
      {header}
      <RefusalNote action={mainAction.action} id={mainAction.reasonId} />
    </>
  );
}
