import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to what opened a dialog, once it closes; call the function it returns where the
 * dialog opens. MUI's dialog does so itself when its code is there at the opening, but in Chromium a
 * dialog whose code loaded at its first opening (`React.lazy`) gave it back to nothing (e2e
 * keyboard.spec.ts).
 */
export function useFocusReturn(open: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) return;
    // Gone, as a deleted token's row is: nothing to give it back to.
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, [open]);
  return () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
}
