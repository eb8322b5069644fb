// A console action's button (design §11 "Roles"): enabled when the member's role may do the action,
// otherwise disabled with the policy's sentence beside it, so that support sees what an admin would do
// and why it is not theirs to do. The API refuses the action anyway.
import { useId, type ReactNode } from 'react';
import type { ConsoleAction } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useStaffPermission } from '@/lib/console/use-staff-me';

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
  /**
   * Why this one target cannot take the action although the role may (the trial plan, one's own
   * account…): the button is disabled with this sentence under it. The role's refusal comes first.
   */
  refusal?: string | null;
}

export function PermittedButton({
  action,
  onClick,
  children,
  reasonId: sharedReasonId,
  refusal,
  ...buttonProps
}: PermittedButtonProps) {
  const permission = useStaffPermission(action);
  const ownReasonId = useId();
  // The role's reason may be shown once for many buttons; a target's own reason is always its own.
  const roleRefused = !permission.allowed;
  const reason = roleRefused ? permission.reason : (refusal ?? undefined);
  const shared = roleRefused && sharedReasonId !== undefined;
  const reasonId = shared ? sharedReasonId : ownReasonId;
  const button = (
    <Button
      variant="outlined"
      {...buttonProps}
      onClick={onClick}
      disabled={roleRefused || Boolean(refusal)}
      aria-describedby={reason ? reasonId : undefined}
    >
      {children}
    </Button>
  );
  if (!reason || shared) return button;
  return (
    <Box
      sx={{
        display: 'inline-flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        maxWidth: 280,
        // In a table's row of actions (nowrap), the reason still wraps under its button.
        whiteSpace: 'normal',
        textAlign: 'start',
        verticalAlign: 'top',
      }}
    >
      {button}
      <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {reason}
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
