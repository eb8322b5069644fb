// Whether the signed-in member's company is suspended (design §11 "Suspension is visible"), for the
// screens that read differently while it is: token statuses, the plan card. The shell provides it from
// the user it loaded, so a screen needs no call of its own (and a screen outside the shell reads false).
import { createContext, useContext } from 'react';

export const CompanySuspendedContext = createContext(false);

export function useCompanySuspended(): boolean {
  return useContext(CompanySuspendedContext);
}
