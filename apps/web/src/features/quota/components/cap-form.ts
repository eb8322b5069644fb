// The cap dialog's one field, checked as the server checks it (setTokenCapRequestSchema, its messages),
// plus what the browser knows and the schema cannot: the plan's quota, which a cap must stay below.
import { QUOTA_MESSAGES, setTokenCapRequestSchema } from '@datafeeds/domain';
import { z } from 'zod';

export interface CapFormValues {
  dailyCap: string;
}

/** Digits grouped in thousands as people type them: "10,000", "10 000", "10.000", "10'000". */
const GROUPED_DIGITS = /^\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+$/;

/** The number typed, or NaN when there is none. */
export function parseCap(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  return Number(GROUPED_DIGITS.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed);
}

const capSchema = setTokenCapRequestSchema.shape.dailyCap.unwrap();

/** What is wrong with the cap typed, or null: the server's words, then the plan's quota. */
function capProblem(text: string, dailyQuota: number | null): string | null {
  const parsed = capSchema.safeParse(parseCap(text));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? QUOTA_MESSAGES.capNotWholeNumber;
  if (dailyQuota !== null && parsed.data >= dailyQuota) return QUOTA_MESSAGES.capTooHigh(dailyQuota);
  return null;
}

export function capFormSchema(dailyQuota: number | null) {
  return z.object({ dailyCap: z.string() }).superRefine(({ dailyCap }, context) => {
    const message = capProblem(dailyCap, dailyQuota);
    if (message !== null) context.addIssue({ code: 'custom', path: ['dailyCap'], message });
  });
}
