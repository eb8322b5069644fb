// What a suspended company returns to when it is reinstated without being told (design §11 "Suspension
// is visible"): the status its suspension interrupted, a trial when none was recorded. The customer's
// banner, the console's reinstate dialog and the reinstatement itself read it here, so they agree.
import type { CompanyAccountStatus, ReinstatedStatus } from '@datafeeds/domain';

/** Null for a company that is not suspended. */
export function reinstatedStatusOf(company: {
  accountStatus: CompanyAccountStatus;
  suspendedFrom: CompanyAccountStatus | null;
}): ReinstatedStatus | null {
  if (company.accountStatus !== 'suspended') return null;
  return company.suspendedFrom === 'paid' ? 'paid' : 'trial';
}
