// What a measured verify run answered, counted by answer code. The verify call answers 200 for every
// verdict — NOT_FOUND, INACTIVE, QUOTA_EXCEEDED and RATE_LIMITED too — so "all 200, no errors" says
// nothing about what was measured: a run of refusals is cheaper than one of admissions and would pass
// as a fast portal. The warm, metering and limits figures are worth something only if every answer in
// their measured rounds was VALID, and a line of theirs fails otherwise.
import type { Budget } from '@datafeeds/bench-shared/budget';
import type { CombinedRounds, LoadFigures } from '@datafeeds/bench-shared/load-figures';

/** Answers by code: a verify answer's `code`, or `HTTP <status>` for any answer but a 200. */
export type AnswerCodes = Readonly<Record<string, number>>;

/** A measured run's figures with what it answered. */
export interface VerifyLoadFigures extends LoadFigures {
  codes: AnswerCodes;
}

/** The first `code` of a JSON body: a verify answer's own (escaped quotes cannot end a string early). */
const CODE_FIELD = /"code":"([^"]*)"/;

/** The code of one answer, read cheaply: the load generator reads tens of thousands a second. */
export function answerCode(status: number, body: string): string {
  if (status !== 200) return `HTTP ${status}`;
  return CODE_FIELD.exec(body)?.[1] ?? 'no code';
}

/** A count of answers by code, filled as they arrive. */
export function answerTally() {
  const codes: Record<string, number> = {};
  return {
    count: (status: number, body: string): void => {
      const code = answerCode(status, body);
      codes[code] = (codes[code] ?? 0) + 1;
    },
    codes: (): AnswerCodes => ({ ...codes }),
  };
}

/** The codes of several runs added up. */
export function combineCodes(runs: readonly AnswerCodes[]): AnswerCodes {
  const total: Record<string, number> = {};
  for (const codes of runs) {
    for (const [code, count] of Object.entries(codes)) total[code] = (total[code] ?? 0) + count;
  }
  return total;
}

const codesText = (codes: AnswerCodes) =>
  Object.entries(codes)
    .sort(([, a], [, b]) => b - a)
    .map(([code, count]) => `${code} ×${Math.round(count).toLocaleString('en-US')}`)
    .join(', ') || 'none';

/** Every round's answers of a run, added up. */
export const codesOf = (run: CombinedRounds<VerifyLoadFigures>): AnswerCodes =>
  combineCodes(run.rounds.map((round) => round.codes));

/**
 * A budget line per run: it passes only when the run's measured rounds answered something and every
 * answer was VALID.
 */
export function checkAllValid(
  budget: Pick<Budget, 'check'>,
  figure: string,
  ...runs: [name: string, codes: AnswerCodes][]
): void {
  for (const [name, codes] of runs) {
    const total = Object.values(codes).reduce((sum, count) => sum + count, 0);
    budget.check(
      total > 0 && codes.VALID === total,
      `${figure} ${name}: every measured answer VALID (${codesText(codes)})`,
    );
  }
}
