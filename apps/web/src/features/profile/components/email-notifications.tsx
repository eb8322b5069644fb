// 'Email notifications' on the Profile page (design §9 "Emails", §10 "Quota emails"): words that match who
// is emailed. One switch covers the trial reminders and the quota emails (at 80 % and 100 % of a day's
// quota), saved on its own the moment it is flipped (it is not part of the profile form's "Save
// changes"); it shows only where either can reach the reader: an owner or admin of a company on its trial
// or on a plan with a daily quota. Others read why they get none. Security notices cannot be turned off:
// token notices go to the owner and admins, a password change to that person.
import { useId } from 'react';
import { NOTIFICATION_TEXTS, receivesAccountEmails, type User } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useUpdateUser } from '../api/update-user';

const SECURITY_NOTICES = {
  ownerOrAdmin:
    'Security notices (an API token created, rotated or deleted, or your password changed) are always sent to you.',
  member:
    'Security notices about API tokens (created, rotated or deleted) go to the owner and admins too: as a ' +
    'member you receive none. You are emailed when your password changes; that notice cannot be turned off.',
};

type NotifiedUser = Pick<User, 'role' | 'trialReminders' | 'companyAccountStatus'>;

interface EmailNotificationsProps {
  user: NotifiedUser;
  /**
   * Whether the company's plan has a daily quota, which quota emails are about (composed by the route
   * from the quota query); undefined while it is not known, when the switch is offered.
   */
  planHasQuota?: boolean | undefined;
}

/** Why the reader gets neither trial reminders nor quota emails whatever they choose, or null. */
function noEmailsReason({ user, planHasQuota }: EmailNotificationsProps): string | null {
  if (user.companyAccountStatus === 'suspended') return NOTIFICATION_TEXTS.suspended;
  if (!receivesAccountEmails(user.role)) return NOTIFICATION_TEXTS.member;
  if (user.companyAccountStatus === 'paid' && planHasQuota === false) return NOTIFICATION_TEXTS.paidUnlimited;
  return null;
}

export function EmailNotifications({ user, planHasQuota }: EmailNotificationsProps) {
  const helperId = useId();
  const noReminders = noEmailsReason({ user, planHasQuota });
  const note =
    user.companyAccountStatus === 'trial' ? NOTIFICATION_TEXTS.trialNote : NOTIFICATION_TEXTS.quotaNote;
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
        {noReminders === null ? `${note} ${securityNotices}` : securityNotices}
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
          showSnackbar(
            updated.trialReminders ? NOTIFICATION_TEXTS.saved.on : NOTIFICATION_TEXTS.saved.off,
            'success',
          ),
        onError: () => showSnackbar(NOTIFICATION_TEXTS.notSaved, 'error'),
      },
    );
  };

  return (
    <FormControlLabel
      sx={{ mt: 1 }}
      label={NOTIFICATION_TEXTS.switchLabel}
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
