// A copy icon button with feedback: 'Copied' for a moment after a successful copy, and a request to copy
// by hand when the browser allowed neither the Clipboard API nor the fallback.
import { useEffect, useState } from 'react';
import CheckIcon from '@/components/icons/check';
import ContentCopyIcon from '@/components/icons/content-copy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@/components/a11y/visually-hidden';
import { track } from '@/lib/analytics/analytics';
import { copyText } from '@/lib/clipboard';

export const COPIED_FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

const TOOLTIPS: Record<CopyState, string> = {
  idle: 'Copy',
  copied: 'Copied',
  failed: 'Copy failed: select the text and copy it manually',
};

export interface CopyButtonProps {
  value: string;
  /** What is copied, for people: the button is named "Copy {label}". */
  label: string;
  onCopyResult?: (copied: boolean) => void;
}

export function CopyButton({ value, label, onCopyResult }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    // 'Clicked Copy Client ID', 'Clicked Copy Client Secret': the event names what was copied, never the value.
    track(`Clicked Copy ${label}`);
    const copied = await copyText(value);
    setState(copied ? 'copied' : 'failed');
    onCopyResult?.(copied);
  };

  const announcement =
    state === 'copied' ? `${label} copied` : state === 'failed' ? `Could not copy the ${label}` : '';
  return (
    <>
      <Tooltip title={TOOLTIPS[state]} describeChild>
        <IconButton
          aria-label={`Copy ${label}`}
          onClick={() => void copy()}
          color={state === 'copied' ? 'success' : 'default'}
          size="small"
        >
          {state === 'copied' ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Box component="span" role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
