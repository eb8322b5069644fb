// The plan dialog's fields, checked as the server checks them (createPlanRequestSchema /
// updatePlanRequestSchema, their messages): a name, and each limit as typed or "Unlimited" (null).
import { createPlanRequestSchema, updatePlanRequestSchema, type ConsolePlan } from '@datafeeds/domain';
import { z } from 'zod';
import type { PlanRequest } from '../api/save-plan';

export const LIMIT_FIELDS = ['dailyQuota', 'ratePerSecond'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export const PLAN_FIELDS = ['name', ...LIMIT_FIELDS] as const;

export interface PlanFormValues {
  name: string;
  dailyQuota: string;
  dailyQuotaUnlimited: boolean;
  ratePerSecond: string;
  ratePerSecondUnlimited: boolean;
}

/** Digits grouped in thousands as people type them: "10,000", "10 000", "10.000", "10'000". */
const GROUPED_DIGITS = /^\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+$/;

/** The number typed, or NaN when there is none (the schema then says what to enter). */
function parseLimit(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  return Number(GROUPED_DIGITS.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed);
}

export function planRequestOf(values: PlanFormValues): PlanRequest {
  return {
    name: values.name.trim(),
    dailyQuota: values.dailyQuotaUnlimited ? null : parseLimit(values.dailyQuota),
    ratePerSecond: values.ratePerSecondUnlimited ? null : parseLimit(values.ratePerSecond),
  };
}

export function planFormValues(plan: ConsolePlan | null): PlanFormValues {
  return {
    name: plan?.name ?? '',
    dailyQuota: plan?.dailyQuota == null ? '' : String(plan.dailyQuota),
    dailyQuotaUnlimited: plan ? plan.dailyQuota === null : false,
    ratePerSecond: plan?.ratePerSecond == null ? '' : String(plan.ratePerSecond),
    ratePerSecondUnlimited: plan ? plan.ratePerSecond === null : false,
  };
}

/** The form's schema: the request the values make, checked by the call's own schema. */
export function planFormSchema(editing: boolean) {
  const requestSchema = editing ? updatePlanRequestSchema : createPlanRequestSchema;
  return z
    .object({
      name: z.string(),
      dailyQuota: z.string(),
      dailyQuotaUnlimited: z.boolean(),
      ratePerSecond: z.string(),
      ratePerSecondUnlimited: z.boolean(),
    })
    .superRefine((values, context) => {
      const parsed = requestSchema.safeParse(planRequestOf(values));
      if (parsed.success) return;
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        if (reported.has(field)) continue;
        reported.add(field);
        context.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    });
}
