// The staff screen's words for roles and account states.
import type { ConsoleStaffMember } from '@datafeeds/domain';

export const STAFF_ROLE_LABELS: Record<ConsoleStaffMember['role'], string> = {
  support: 'Support',
  admin: 'Admin',
};

export const STAFF_STATE_LABELS: Record<ConsoleStaffMember['state'], string> = {
  active: 'Active',
  setup_pending: 'Setup pending',
  disabled: 'Disabled',
};
