// Creating a plan and changing one's limits (design §11 "Screens"): requests per UTC day and per second
// (null: unlimited). The plans list (lib/console/use-plans.ts) reloads either way.
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import type { z } from 'zod';
import type { createPlanRequestSchema } from '@datafeeds/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { plansKey } from '@/lib/console/use-plans';

export type PlanRequest = z.infer<typeof createPlanRequestSchema>;

/** Creates a plan (`editing` false) or changes one's limits (true). */
export function useSavePlan(editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanRequest) =>
      editing
        ? consoleCall(consoleTools.updatePlan, { body })
        : consoleCall(consoleTools.createPlan, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}
