// bench:verify's knobs, read once from the environment (README.md lists them with their defaults).
import { selectFigures } from '@datafeeds/bench-shared/figure-selection';
import { commonSettings, positive, whole } from '@datafeeds/bench-shared/settings';

export const FIGURES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type Figure = (typeof FIGURES)[number];

/**
 * BENCH_ONLY: the figures to run, comma-separated (all by default). A selection naming no figure, or one
 * that does not exist, fails at start: a run that measured nothing must not read as a run that passed.
 */
export function figuresToRun(value: string | undefined): ReadonlySet<Figure> {
  const names = selectFigures('BENCH_ONLY', value, FIGURES.map(String));
  return new Set([...names].map(Number) as Figure[]);
}

export const settings = {
  ...commonSettings,
  /** Distinct real secrets cycled by the cache-miss run. */
  missSecrets: whole('BENCH_SECRETS', 2_000),
  /** Secrets kept warm for the warm-cache runs (HTTP and in-process). */
  warmSecrets: 300,
  /** Seconds of the in-process verify loop. */
  loopSeconds: positive('BENCH_LOOP_SECONDS', 5),
  rotations: whole('BENCH_ROTATIONS', 50),
  /** Requests figure 9 makes of one company's quota (ADMISSION_QUOTA a day): more, to run it out. */
  admissionRequests: whole('BENCH_ADMISSION_REQUESTS', 120_000),
  /**
   * Turns of figure 5's two children: twice BENCH_ROUNDS. Its budget tells apart 5 %, less than two fresh
   * children of the same server differ by under one load (up to 10 % in one run), so it averages more.
   */
  meteringRounds: 2 * commonSettings.rounds,
  /** The figures this run measures and judges (BENCH_ONLY). */
  only: figuresToRun(process.env.BENCH_ONLY),
};
