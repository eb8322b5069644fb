// Snackbars at top centre that hide after 6 s (spec §2). One at a time: a new message replaces the
// current one, because stacked toasts about the same screen only add noise.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SNACKBAR_AUTO_HIDE_MS } from '@datafeeds/domain';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

interface SnackbarMessage {
  id: number;
  message: string;
  severity: AlertColor;
}

type ShowSnackbar = (message: string, severity?: AlertColor) => void;

const SnackbarContext = createContext<ShowSnackbar | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const showSnackbar = useCallback<ShowSnackbar>((message, severity = 'success') => {
    setCurrent({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const value = useMemo(() => showSnackbar, [showSnackbar]);

  return (
    <SnackbarContext value={value}>
      {children}
      <Snackbar
        key={current?.id}
        open={open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          onClose={close}
          severity={current?.severity ?? 'success'}
          variant="filled"
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext>
  );
}

export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (show === null) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return show;
}
