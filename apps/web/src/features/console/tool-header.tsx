// The heading of a console tool screen: its one h1 (the shell's navigation has none), a line saying what
// the screen is for, and the screen's main action beside it. Also names the browser tab. When the
// member's role may not take that action, the policy's sentence follows, once for every button of the
// screen that points to `reasonId` (the table's too).
import type { ReactNode } from 'react';
import type { ConsoleAction } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { consoleTitle } from './console-texts';
import { PermittedButton, RefusalNote } from './permitted-button';

interface ToolHeaderProps {
  title: string;
  subtitle: ReactNode;
  /** A button of the screen's own, shown whatever the role (the Staff screen's, for admins only). */
  action?: ReactNode;
  /** The screen's main action, offered to the roles that may take it. */
  mainAction?: { action: ConsoleAction; label: string; onClick: () => void; reasonId: string };
}

export function ToolHeader({ title, subtitle, action, mainAction }: ToolHeaderProps) {
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
        <Typography component="h1" variant="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
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
