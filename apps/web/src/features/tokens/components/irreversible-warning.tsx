import { MESSAGES } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';

export function IrreversibleWarning() {
  return (
    <Alert severity="warning" role="note" sx={{ mb: 2, fontWeight: 600 }}>
      {MESSAGES.irreversibleWarning}
    </Alert>
  );
}

/** Dialog close reasons: a click outside never closes a confirmation (spec §4), Escape does unless busy. */
export function closeUnlessBackdrop(close: () => void, busy: boolean) {
  return (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'backdropClick' || busy) return;
    close();
  };
}
