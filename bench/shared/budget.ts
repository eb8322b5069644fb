// A bench's verdict: every budget line prints PASS or FAIL, and any FAIL exits 1, so a script or CI job
// can act on the run without reading it.
import { turnRatio, type CombinedRounds, type LoadFigures } from './load-figures.ts';
import { int, print, turnsText } from './report.ts';

export class Budget {
  private readonly lines: { ok: boolean; line: string }[] = [];

  check(ok: boolean, line: string): void {
    this.lines.push({ ok, line });
  }

  /**
   * The portal's requests/s over its baseline's, measured in turns in the same run, is at least `limit`:
   * the median of the turns' ratios (load-figures.ts turnRatio).
   */
  checkThroughputRatio(
    figure: string,
    portal: CombinedRounds<LoadFigures>,
    baselineName: string,
    baseline: CombinedRounds<LoadFigures>,
    limit: number,
  ): void {
    const { ratio, turns } = turnRatio(portal, baseline);
    this.check(
      ratio >= limit,
      `${figure} ${int(portal.rps)} req/s / ${baselineName} ${int(baseline.rps)} req/s:` +
        ` ${ratio.toFixed(2)} >= ${limit} (median of the turns' ${turnsText(turns)})`,
    );
  }

  /**
   * A server against its baseline, measured in turns under one load: the throughput ratio is at least
   * `limit` (`label` names it after the figure's number), and every answer of both runs was a 200.
   */
  checkPair(
    figure: string,
    label: string,
    [name, measured]: [string, CombinedRounds<LoadFigures>],
    [baselineName, baseline]: [string, CombinedRounds<LoadFigures>],
    limit: number,
  ): void {
    this.checkThroughputRatio(`${figure} ${label}`, measured, baselineName, baseline, limit);
    this.checkAnswered(figure, [name, measured], [baselineName, baseline]);
  }

  /** A fast figure is worth nothing if the answers were errors: every run must answer 2xx only. */
  checkAnswered(figure: string, ...runs: [string, LoadFigures][]): void {
    for (const [name, run] of runs) {
      this.check(
        run.non2xx === 0 && run.errors === 0 && run.requests > 0,
        `${figure} ${name}: ${int(run.requests)} answers, all 200, no errors` +
          ` (non-2xx ${run.non2xx}, errors ${run.errors})`,
      );
    }
  }

  /** Prints every line and the verdict, and sets the exit code: 1 when any line failed. */
  conclude(bench: string): void {
    print('\n== Budget');
    for (const { ok, line } of this.lines) print(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
    const failed = this.lines.filter((entry) => !entry.ok).length;
    print(failed === 0 ? `\n${bench}: budget met` : `\n${bench}: ${failed} budget line(s) FAILED`);
    process.exitCode = failed === 0 ? 0 : 1;
  }
}
