// 'Email notifications' on the Profile page (issue 12): the trial reminders switch, saved on its own the
// moment it is flipped (it is not part of the profile form's "Save changes"). Every member sees it, but
// reminders only go to the owner and admins, so a member is told so; security notices cannot be turned
// off, and the helper text says that too.
import { useId } from 'react';
import type { User } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useUpdateUser } from '../api/update-user';

export const REMINDERS_SAVED = {
  on: 'Trial reminders are on.',
  off: 'Trial reminders are off.',
};
export const REMINDERS_NOT_SAVED = 'Your trial reminder choice could not be saved. Please try again.';
const SECURITY_NOTICES_NOTE =
  'Security notices (an API token created, rotated or deleted, or your password changed) are always sent.';

function helperText(user: Pick<User, 'role'>): string {
  return user.role === 'member'
    ? `Trial reminders go to the account's owner and admins only: as a member you receive none, whatever this says. ${SECURITY_NOTICES_NOTE}`
    : `Emails 7, 3 and 1 days before the free trial ends and when it ends, with a link to upgrade. ${SECURITY_NOTICES_NOTE}`;
}

export function EmailNotifications({ user }: { user: Pick<User, 'role' | 'trialReminders'> }) {
  const updateUser = useUpdateUser();
  const showSnackbar = useSnackbar();
  const helperId = useId();
  // While saving, the switch shows the choice being saved; the answer then updates the user.
  const checked = updateUser.isPending ? (updateUser.variables.trialReminders ?? false) : user.trialReminders;

  const onChange = (trialReminders: boolean) => {
    updateUser.mutate(
      { trialReminders },
      {
        onSuccess: (updated) =>
          showSnackbar(updated.trialReminders ? REMINDERS_SAVED.on : REMINDERS_SAVED.off, 'success'),
        onError: () => showSnackbar(REMINDERS_NOT_SAVED, 'error'),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={`${helperId}-title`} sx={{ maxWidth: 640 }}>
      <Divider sx={{ my: 3 }} />
      <Typography id={`${helperId}-title`} variant="h5" component="h2">
        Email notifications
      </Typography>
      <FormControlLabel
        sx={{ mt: 1 }}
        label="Trial reminders"
        control={
          <Switch
            checked={checked}
            disabled={updateUser.isPending}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
      />
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {helperText(user)}
      </FormHelperText>
    </Box>
  );
}
