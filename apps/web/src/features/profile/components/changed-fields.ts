// Spec §5: only changed fields are considered, and nothing is sent when nothing changed.
import type { UpdateUserRequest, User } from '@datafeeds/domain';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  companyName: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const NAME_FIELDS = ['firstName', 'lastName', 'companyName'] as const;

/** The UpdateUser body for what the user changed, or null when there is nothing to send. */
export function changedProfileFields(
  user: Pick<User, (typeof NAME_FIELDS)[number]>,
  form: ProfileFormValues,
): UpdateUserRequest | null {
  const changes: UpdateUserRequest = {};
  for (const field of NAME_FIELDS) {
    const value = form[field].trim();
    if (value !== user[field]) changes[field] = value;
  }
  if (form.newPassword !== '') {
    changes.currentPassword = form.currentPassword;
    changes.newPassword = form.newPassword;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
