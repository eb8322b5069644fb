// Work a describe block needs, started by its first test rather than while the block is collected: a
// skipped block (describe.runIf) is still collected, and work started then would fail unwatched.
export function lazy<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= start());
}
