// Background work on a timer (the expiry sweep, usage flushes, the usage retention sweep): a tick is
// skipped while the last run is still going, so a slow database never stacks runs on top of each other;
// a failure is logged and the next tick tries again; the timer never keeps the process alive. The stop
// waits for a run in progress.

export function startPeriodicTask(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
