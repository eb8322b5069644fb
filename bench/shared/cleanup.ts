// Everything the run creates (child processes, the database, Redis keys, temporary directories) is
// undone here, last created first, whether the run passes, fails or is interrupted with Ctrl-C.
type Undo = () => Promise<void> | void;

const undos: { label: string; undo: Undo }[] = [];
let running: Promise<void> | undefined;

export function onCleanup(label: string, undo: Undo): void {
  undos.push({ label, undo });
}

/** Undoes what was registered so far (runThenCleanUp does it at the end; a test after its run). */
export function cleanUp(): Promise<void> {
  running ??= (async () => {
    for (let next = undos.pop(); next; next = undos.pop()) {
      try {
        await next.undo();
      } catch (error) {
        console.error(`cleanup: could not ${next.label}:`, error);
      }
    }
  })();
  return running;
}

/** Runs the bench; an error exits 1, and whatever happens, what the run created is undone. */
export async function runThenCleanUp(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
