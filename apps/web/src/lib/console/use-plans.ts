// The plans with their limits and company counts (design §11 "Screens"): the Plans screen lists them,
// and the companies list's filter and a company's plan picker choose among them.
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from './console-client';
import { consoleKey } from './console-keys';

export const plansKey = consoleKey('plans');

export function usePlans() {
  return useQuery({ queryKey: plansKey, queryFn: () => consoleCall(consoleTools.listPlans) });
}
