import { useState } from 'react';
import { formatDate, type User } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { permissionFor } from '@/lib/auth/use-permission';
import { UpgradeAccountDialog } from './upgrade-account-dialog';

export const upgradeRequestedText = (requestedAt: string) =>
  `Upgrade requested on ${formatDate(requestedAt)}`;

/**
 * Spec §6: every company that is not yet paid may ask for the upgrade, and the owner is the one who asks
 * (design §9); the others read why there is no button. Once asked, every member sees when, instead of a
 * button that would look like a new request, until the provider team acts.
 */
export function UpgradeAccountButton({
  user,
}: {
  user: Pick<User, 'companyAccountStatus' | 'upgradeRequestedAt' | 'role'>;
}) {
  const [open, setOpen] = useState(false);
  const permission = permissionFor(user.role, 'requestUpgrade');
  if (user.companyAccountStatus === 'paid') return null;
  const note =
    user.upgradeRequestedAt === null ? permission.reason : upgradeRequestedText(user.upgradeRequestedAt);
  if (note !== null)
    return (
      <Typography role="status" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {note}
      </Typography>
    );
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          track(EVENTS.clickedUpgradeToPaidAccount);
          setOpen(true);
        }}
      >
        Upgrade To Paid Account
      </Button>
      <UpgradeAccountDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
