// Token statuses and their labels (spec §4), account statuses (spec §1, design §2).

export const TOKEN_STATUSES = ['active', 'pending', 'review', 'expired', 'inactive'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const TOKEN_STATUS_LABELS: Readonly<Record<TokenStatus, string>> = {
  active: 'Active',
  pending: 'Pending',
  review: 'Active (Under Review)',
  expired: 'Expired',
  inactive: 'Inactive',
};

/** Chip colours: spec §4 names green, amber and blue; the others stay neutral. */
export const TOKEN_STATUS_COLORS: Readonly<Record<TokenStatus, 'success' | 'warning' | 'info' | 'default'>> =
  {
    active: 'success',
    expired: 'warning',
    review: 'info',
    pending: 'default',
    inactive: 'default',
  };

export function tokenStatusLabel(status: string): string {
  return (TOKEN_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export const COMPANY_ACCOUNT_STATUSES = ['trial', 'paid', 'suspended'] as const;
export type CompanyAccountStatus = (typeof COMPANY_ACCOUNT_STATUSES)[number];
/** What a suspended company was, and what reinstating it returns it to by default (design §11). */
export const REINSTATED_STATUSES = ['trial', 'paid'] as const;
export type ReinstatedStatus = (typeof REINSTATED_STATUSES)[number];

/**
 * How a token of a suspended company reads (design §11 "Suspension is visible"): whatever its own status,
 * it does not verify; its own status comes back with the reinstatement.
 */
export const SUSPENDED_TOKEN_LABEL = 'Suspended';
