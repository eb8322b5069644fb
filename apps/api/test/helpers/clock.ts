import type { Clock } from '../../src/lib/clock.ts';

/** A clock that stands still until a test moves it. */
export function testClock(
  start = new Date(),
): Clock & { advance(seconds: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds) {
      current += seconds * 1000;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
