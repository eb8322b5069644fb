// Snackbars at top centre that hide after 6 s (spec §2), below the page's title rather than over it
// (./snackbar-view.tsx). One at a time: a new message replaces the current one, because stacked toasts about the same screen
// only add noise. The snackbar's code is fetched with the first message: the sign-in page, which shows
// none, does not download it. Inside the router (app/root-layout.tsx): a message closes when the user
// moves to another page (./snackbar-view.tsx).
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AlertColor } from '@mui/material/Alert';

const SnackbarView = lazy(() => import('./snackbar-view'));

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
      {current ? (
        <Suspense fallback={null}>
          <SnackbarView
            id={current.id}
            open={open}
            message={current.message}
            severity={current.severity}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </SnackbarContext>
  );
}

export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (show === null) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return show;
}
