// While Redis is away, counters live in this instance's memory: a limit then holds per instance rather
// than not at all (design §6). Fixed windows, like the Redis counters they stand in for.

export interface WindowCount {
  current: number;
  /** Milliseconds left in the window. */
  ttl: number;
}

const SWEEP_ABOVE = 10_000;

export function createMemoryWindows(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  return {
    increment(key: string, windowMs: number): WindowCount {
      if (windows.size > SWEEP_ABOVE) for (const name of [...windows.keys()]) live(name);
      const window = live(key) ?? { count: 0, endsAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { current: window.count, ttl: window.endsAt - now() };
    },
    read(key: string): WindowCount {
      const window = live(key);
      return window ? { current: window.count, ttl: window.endsAt - now() } : { current: 0, ttl: 0 };
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}
