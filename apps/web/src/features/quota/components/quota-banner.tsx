// The banner above every signed-in page once the company has used 80 % of today's quota (amber, polite,
// dismissible for the rest of the browser session and the day) or all of it (red, announced at once,
// not dismissible: requests are being refused). It says nothing while the quota loads or when it could
// not be loaded: the plan card on the dashboard reports that.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useLocation } from 'react-router';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useQuota } from '../api/get-quota';
import {
  DISMISS_WARNING,
  quotaExhaustedText,
  quotaLevel,
  quotaWarningText,
  SEE_PLAN_LINK,
  usedPercent,
} from './quota-texts';

function readDismissedDay(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.quotaWarningDismissed);
  } catch {
    return null;
  }
}

function saveDismissedDay(day: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.quotaWarningDismissed, day);
  } catch {
    // Storage unavailable: the warning stays dismissed until the page reloads.
  }
}

/** The link to the plan card, except on the dashboard, where the card is. */
function SeePlanLink() {
  const { pathname } = useLocation();
  if (pathname === paths.home || pathname === paths.dashboard) return null;
  return (
    <>
      {' '}
      <RouterLink to={paths.dashboard}>{SEE_PLAN_LINK}</RouterLink>
    </>
  );
}

export function QuotaBanner() {
  const { data: quota } = useQuota();
  // A day's warning, once dismissed, stays away for that day: the reset time names the day.
  const [dismissedDay, setDismissedDay] = useState(readDismissedDay);
  if (!quota) return null;
  const level = quotaLevel(quota);
  if (level === 'exhausted') {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        {quotaExhaustedText(quota.resetsAt)}
        <SeePlanLink />
      </Alert>
    );
  }
  if (level !== 'warning' || dismissedDay === quota.resetsAt) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      closeText={DISMISS_WARNING}
      onClose={() => {
        saveDismissedDay(quota.resetsAt);
        setDismissedDay(quota.resetsAt);
      }}
      sx={{ mb: 3 }}
    >
      {quotaWarningText(usedPercent(quota))}
      <SeePlanLink />
    </Alert>
  );
}
