// A console action's button (design §11 "Roles"): enabled when the member's role may do the action,
// otherwise disabled with the policy's sentence beside it, so that support sees what an admin would do
// and why it is not theirs to do. The API refuses the action anyway.
import { useId, type ReactNode } from 'react';
import type { ConsoleAction } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useStaffPermission } from './use-staff-me';

interface PermittedButtonProps {
  action: ConsoleAction;
  onClick: () => void;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  size?: ButtonProps['size'];
  /** The button's accessible name, when its text alone does not say what it acts on. */
  'aria-label'?: string;
  /**
   * The id of an element already showing the reason (a table's buttons share one sentence above the
   * table, see RefusalNote); without it the button shows the reason under itself.
   */
  reasonId?: string;
}

export function PermittedButton({
  action,
  onClick,
  children,
  reasonId: sharedReasonId,
  ...buttonProps
}: PermittedButtonProps) {
  const permission = useStaffPermission(action);
  const ownReasonId = useId();
  const reasonId = sharedReasonId ?? ownReasonId;
  const button = (
    <Button
      variant="outlined"
      {...buttonProps}
      onClick={onClick}
      disabled={!permission.allowed}
      aria-describedby={permission.reason ? reasonId : undefined}
    >
      {children}
    </Button>
  );
  if (!permission.reason || sharedReasonId) return button;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', maxWidth: 280 }}>
      {button}
      <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {permission.reason}
      </Typography>
    </Box>
  );
}

/** The reason the role may not do `action`, once for every button of a table; nothing when it may. */
export function RefusalNote({ action, id }: { action: ConsoleAction; id: string }) {
  const { reason } = useStaffPermission(action);
  if (!reason) return null;
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {reason}
    </Typography>
  );
}
