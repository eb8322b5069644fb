// The snackbar itself, loaded with the first message (see snackbar-provider.tsx). It sits at top centre
// (spec §2) but below the page's title, which it would otherwise cover, and it belongs to the page it was
// shown on: moving to another page closes it — except a message shown as its action led there (a token
// deleted on its own page, then back to the list), which arrives with it.
import { useEffect, useRef, useState } from 'react';
import { SNACKBAR_AUTO_HIDE_MS } from '@datafeeds/domain';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useLocation } from 'react-router';

/** A message shown this shortly before a navigation came with it: it stays on the new page. */
export const SNACKBAR_CARRIED_OVER_MS = 1000;

export interface SnackbarViewProps {
  id: number;
  open: boolean;
  message: string;
  severity: AlertColor;
  onClose: (event?: unknown, reason?: string) => void;
}

/** Where a message goes: MUI's 24 px from the top, or just below the page's title (its h1) if lower. */
function belowTitle(): number {
  const title = document.querySelector('h1')?.getBoundingClientRect();
  return Math.max(24, title ? title.bottom + 8 : 0);
}

export default function SnackbarView(props: SnackbarViewProps) {
  // Placed once per message, where the title was when it was shown.
  return <PlacedSnackbar key={props.id} {...props} />;
}

function PlacedSnackbar({ id, open, message, severity, onClose }: SnackbarViewProps) {
  const [top] = useState(belowTitle);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (Date.now() - id > SNACKBAR_CARRIED_OVER_MS) onClose();
  }, [pathname, id, onClose]);
  return (
    <Snackbar
      open={open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      style={{ top }}
    >
      <Alert onClose={onClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
