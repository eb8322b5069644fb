// A dialog that should stay open is shown to stay open by letting its exit transition pass: a dialog that
// wrongly closed would be gone by then. On the fake clock (./fake-clock) that wait costs no real time.
import { fireEvent } from '@testing-library/react';
import { createAppTheme } from '@/lib/theme/theme';
import { advanceClock } from './fake-clock';

/** Twice the theme's leaving-screen transition. */
const DIALOG_EXIT_MS = 2 * createAppTheme('light').transitions.duration.leavingScreen;

export async function waitPastDialogExit(): Promise<void> {
  await advanceClock(DIALOG_EXIT_MS);
}

/** Clicks beside the open dialog (on its backdrop), then lets its exit transition pass. */
export async function clickOutsideDialog(): Promise<void> {
  const container = document.querySelector('.MuiDialog-container');
  if (!container) throw new Error('No open dialog');
  fireEvent.mouseDown(container);
  fireEvent.click(container);
  await waitPastDialogExit();
}
