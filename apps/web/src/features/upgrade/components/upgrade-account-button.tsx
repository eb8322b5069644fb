import { lazy, Suspense, useState } from 'react';
import { formatDate, type User } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFocusReturn } from '@/components/a11y/use-focus-return';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { permissionFor } from '@/lib/account/use-permission';

// Loaded at its first opening, as the token dialogs are (use-token-dialogs.tsx): not on the dashboard's
// first load.
const UpgradeAccountDialog = lazy(() =>
  import('./upgrade-account-dialog').then(({ UpgradeAccountDialog }) => ({ default: UpgradeAccountDialog })),
);

export const upgradeRequestedText = (requestedAt: string) =>
  `Upgrade requested on ${formatDate(requestedAt)}`;

/**
 * Spec §6: every company that is not yet paid may ask for the upgrade, and the owner is the one who asks
 * (design §9); the others read why there is no button. Once asked, every member sees when, instead of a
 * button that would look like a new request, until the provider team acts. A suspended company cannot
 * ask (design §11; the banner says so), and a paid one it interrupted stays paid.
 */
export function UpgradeAccountButton({
  user,
}: {
  user: Pick<User, 'companyAccountStatus' | 'upgradeRequestedAt' | 'role'>;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing it fades out.
  const [opened, setOpened] = useState(false);
  const rememberOpener = useFocusReturn(open);
  const permission = permissionFor(user.role, 'requestUpgrade');
  if (user.companyAccountStatus !== 'trial') return null;
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
          rememberOpener();
          setOpen(true);
          setOpened(true);
        }}
      >
        Upgrade To Paid Account
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <UpgradeAccountDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
