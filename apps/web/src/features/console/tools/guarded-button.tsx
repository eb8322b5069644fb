// A button for an action the signed-in member may not be allowed to take (CONSOLE_POLICY): offered but
// disabled, with the reason (CONSOLE_REFUSALS, or why this row cannot take it) as the button's
// description for screen readers and as a tooltip for the mouse. A disabled button gets no pointer
// events, so the tooltip sits on a wrapper (MUI's documented way).
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@/components/a11y/visually-hidden';

interface GuardedButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** Why the action cannot be taken, or null when it can; undefined: not known yet (disabled, no reason). */
  refusal: string | null | undefined;
  children: ReactNode;
}

export function GuardedButton({ refusal, children, ...buttonProps }: GuardedButtonProps) {
  const id = useId();
  if (refusal === null) return <Button {...buttonProps}>{children}</Button>;
  return (
    <Tooltip title={refusal ?? ''} describeChild>
      <Box component="span" sx={{ display: 'inline-block' }}>
        <Button {...buttonProps} disabled aria-describedby={refusal ? id : undefined}>
          {children}
        </Button>
        {refusal ? (
          <Box component="span" id={id} sx={visuallyHidden}>
            {refusal}
          </Box>
        ) : null}
      </Box>
    </Tooltip>
  );
}

/** The refusal for a member whose role may (true) or may not (false) act, or unknown yet (undefined). */
export function roleRefusal(may: boolean | undefined, refusal: string): string | null | undefined {
  if (may === undefined) return undefined;
  return may ? null : refusal;
}
