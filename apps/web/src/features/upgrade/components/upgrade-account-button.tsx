import { useState } from 'react';
import type { CompanyAccountStatus } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { UpgradeAccountDialog } from './upgrade-account-dialog';

/** Spec §6: every company that is not yet paid may ask for the upgrade. */
export function UpgradeAccountButton({ accountStatus }: { accountStatus: CompanyAccountStatus }) {
  const [open, setOpen] = useState(false);
  if (accountStatus === 'paid') return null;
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
