// 'Email notifications' on the Profile page (design §9 "Emails"): words that match who is emailed. The
// trial reminders switch, saved on its own the moment it is flipped (it is not part of the profile
// form's "Save changes"), shows only where reminders can reach the reader: an owner or admin of a company
// still on its trial. Others read why they get none. Security notices cannot be turned off: token notices
// go to the owner and admins, a password change to that person.
import { useId } from 'react';
import { receivesAccountEmails, type User } from '@datafeeds/domain';
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
const NO_REMINDERS: Readonly<Record<'paid' | 'suspended' | 'member', string>> = {
  paid: 'Trial reminders stop once the account is paid: there are none to turn on or off.',
  suspended: 'No trial reminders are sent while the account is suspended.',
  member: "Trial reminders go to the account's owner and admins only.",
};
const REMINDERS_NOTE =
  'Emails 7, 3 and 1 days before the free trial ends and when it ends, with a link to upgrade.';
const SECURITY_NOTICES = {
  ownerOrAdmin:
    'Security notices (an API token created, rotated or deleted, or your password changed) are always sent to you.',
  member:
    'Security notices about API tokens (created, rotated or deleted) go to the owner and admins too: as a ' +
    'member you receive none. You are emailed when your password changes; that notice cannot be turned off.',
};

type NotifiedUser = Pick<User, 'role' | 'trialReminders' | 'companyAccountStatus'>;

/** Why the reader gets no trial reminders whatever they choose, or null when the switch is theirs. */
function noRemindersReason(user: NotifiedUser): string | null {
  if (user.companyAccountStatus !== 'trial') return NO_REMINDERS[user.companyAccountStatus];
  return receivesAccountEmails(user.role) ? null : NO_REMINDERS.member;
}

export function EmailNotifications({ user }: { user: NotifiedUser }) {
  const helperId = useId();
  const noReminders = noRemindersReason(user);
  const securityNotices = receivesAccountEmails(user.role)
    ? SECURITY_NOTICES.ownerOrAdmin
    : SECURITY_NOTICES.member;
  return (
    <Box component="section" aria-labelledby={`${helperId}-title`} sx={{ maxWidth: 640 }}>
      <Divider sx={{ my: 3 }} />
      <Typography id={`${helperId}-title`} variant="h5" component="h2">
        Email notifications
      </Typography>
      {noReminders === null ? (
        <TrialRemindersSwitch user={user} describedBy={helperId} />
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {noReminders}
        </Typography>
      )}
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {noReminders === null ? `${REMINDERS_NOTE} ${securityNotices}` : securityNotices}
      </FormHelperText>
    </Box>
  );
}

function TrialRemindersSwitch({ user, describedBy }: { user: NotifiedUser; describedBy: string }) {
  const updateUser = useUpdateUser();
  const showSnackbar = useSnackbar();
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
    <FormControlLabel
      sx={{ mt: 1 }}
      label="Trial reminders"
      control={
        <Switch
          checked={checked}
          disabled={updateUser.isPending}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-describedby': describedBy } }}
        />
      }
    />
  );
}
