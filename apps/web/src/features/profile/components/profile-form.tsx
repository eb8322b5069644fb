// 'Manage Profile' (spec §2, §5): names and company, and an optional password change. Only what changed
// is sent; a wrong current password or a refused new one is shown on its field with the server's words.
import { useState } from 'react';
import { ERROR_CODES, MESSAGES, profileFormSchema, type User } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@/components/icons/lock-outlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/form/password-field';
import { FailureDialog } from '@/components/feedback/failure-dialog';
import { SubmitButton } from '@/components/form/submit-button';
import { TextInput } from '@/components/form/text-input';
import { PersonAndCompanyFields } from '@/components/form/person-and-company-fields';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { isHttpError } from '@/lib/api-errors';
import { permissionFor } from '@/lib/account/use-permission';
import { useUpdateUser } from '../api/update-user';
import { applyProfileServerErrors } from './apply-server-errors';
import { changedProfileFields, type ProfileFormValues } from './changed-fields';

export const NOTHING_CHANGED_MESSAGE = 'Nothing has changed, so there was nothing to save.';

function formValuesOf(user: User): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

export function ProfileForm({ user }: { user: User }) {
  const updateUser = useUpdateUser();
  const showSnackbar = useSnackbar();
  const [failureOpen, setFailureOpen] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(profileFormSchema),
    mode: 'onBlur',
    defaultValues: formValuesOf(user),
  });

  const onSubmit = handleSubmit((values) => {
    const changes = changedProfileFields(user, values);
    if (changes === null) {
      showSnackbar(NOTHING_CHANGED_MESSAGE, 'info');
      return;
    }
    track(EVENTS.submittedProfileUpdate);
    updateUser.mutate(changes, {
      onSuccess: (updated) => {
        reset(formValuesOf(updated));
        showSnackbar(MESSAGES.profileSuccess, 'success');
      },
      onError: (error) => {
        if (isHttpError(error) && error.code === ERROR_CODES.wrongPassword) {
          setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        } else if (!applyProfileServerErrors(error, setError)) {
          setFailureOpen(true);
        }
      },
    });
  });

  const disabled = updateUser.isPending;
  return (
    <Box component="form" noValidate aria-label="Manage Profile" onSubmit={onSubmit} sx={{ maxWidth: 640 }}>
      <PersonAndCompanyFields
        control={control}
        disabled={disabled}
        companyLockedReason={permissionFor(user.role, 'renameCompany').reason}
      />
      <TextInput
        name="email"
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="Your sign-in email cannot be changed here."
        endAdornment={<LockOutlined titleAccess="Read-only" fontSize="small" color="action" />}
      />

      <Divider sx={{ my: 3 }} />
      <Typography variant="h5" component="h2">
        Change password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Leave these fields empty to keep your current password.
      </Typography>
      <PasswordField
        control={control}
        name="currentPassword"
        label="Current Password"
        autoComplete="current-password"
        disabled={disabled}
      />
      <PasswordField
        control={control}
        name="newPassword"
        label="New Password"
        autoComplete="new-password"
        disabled={disabled}
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
        disabled={disabled}
      />

      <Box sx={{ maxWidth: { sm: 240 } }}>
        <SubmitButton loading={updateUser.isPending}>Save changes</SubmitButton>
      </Box>
      <FailureDialog
        open={failureOpen}
        onClose={() => setFailureOpen(false)}
        title={MESSAGES.profileFailedTitle}
        message={MESSAGES.profileFailed}
        closeLabel="OK"
      />
    </Box>
  );
}
