// The dashboard greets a person's first visit differently from their returns (spec §2's 'Welcome back'
// is for a return): the screens that end a sign-up — registration, the welcome form, joining a company by
// invitation — go to the dashboard with this navigation state.
export const FIRST_VISIT_STATE = { firstVisit: true } as const;

export function isFirstVisit(state: unknown): boolean {
  return (state as Partial<typeof FIRST_VISIT_STATE> | null)?.firstVisit === true;
}
