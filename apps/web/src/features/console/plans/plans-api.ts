// The plans' calls (design §11 "Screens"): each plan's requests per UTC day and per second (null:
// unlimited) and how many companies are on it.
import { consoleTools } from '@datafeeds/domain/calls';
import type { z } from 'zod';
import type { createPlanRequestSchema } from '@datafeeds/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../console-client';
import { consoleKeys } from '../console-queries';

export type PlanRequest = z.infer<typeof createPlanRequestSchema>;

/** Creates a plan (`editing` false) or changes one's limits (true); the list reloads either way. */
export function useSavePlan(editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanRequest) =>
      editing
        ? consoleCall(consoleTools.updatePlan, { body })
        : consoleCall(consoleTools.createPlan, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: consoleKeys.plans }),
  });
}
