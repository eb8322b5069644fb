// Fake timers for tests that wait on the app's own delays: a redirect after a success message, a dialog's
// exit transition. Testing Library's findBy* and waitFor then advance the clock in 50 ms steps instead of
// sleeping, but they recognise fake timers only as Jest's (a global `jest` and a faked setTimeout); Vitest's
// are the same @sinonjs/fake-timers clock, so they are lent that name. On this clock every user-event call
// goes through the instance startFakeClock returns (the direct userEvent.* calls would wait forever on a
// timer nobody moves), and a screen the test navigates to is loaded first (preloadRoutes in ./render).
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

const advance = (ms: number) => {
  vi.advanceTimersByTime(ms);
};

/** Starts the fake clock (stopped after each test) and returns a user-event instance that moves it. */
export function startFakeClock() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: advance });
  return userEvent.setup({ advanceTimers: advance });
}

/** Lets `ms` of fake time pass, with the React updates the timers that fire cause. */
export async function advanceClock(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
