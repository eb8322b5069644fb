// The quota banner's alert (./quota-banner.tsx decides whether there is one), loaded only when the
// company has used 80 % of its day: most members' pages never fetch it.
import { useState, type ReactNode } from 'react';
import type { Quota } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';
import {
  BUSIEST_TOKEN_LINK,
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

/** The link to the token that used most of today's requests, whose page shows its share and cap. */
function BusiestTokenLink({ tokens }: { tokens: Quota['tokens'] }) {
  const busiest = [...tokens].sort((a, b) => b.usedToday - a.usedToday)[0];
  if (!busiest) return null;
  return (
    <>
      {' '}
      <RouterLink to={paths.client(busiest.clientId)}>{BUSIEST_TOKEN_LINK}</RouterLink>
    </>
  );
}

export interface QuotaBannerProps {
  /** The 80 % warning's action for a trial's owner: the upgrade button (composed by the shell). */
  upgradeAction?: ReactNode;
}

export default function QuotaBannerAlert({ quota, upgradeAction }: QuotaBannerProps & { quota: Quota }) {
  // A day's warning, once dismissed, stays away for that day: the reset time names the day.
  const [dismissedDay, setDismissedDay] = useState(readDismissedDay);
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
      {upgradeAction ? <Box sx={{ mt: 1 }}>{upgradeAction}</Box> : <BusiestTokenLink tokens={quota.tokens} />}
    </Alert>
  );
}
