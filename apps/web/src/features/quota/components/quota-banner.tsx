// The banner above every signed-in page once the company has used 80 % of today's quota (amber, polite,
// dismissible for the rest of the browser session and the day) or all of it (red, announced at once,
// not dismissible: requests are being refused). It says nothing while the quota loads or when it could
// not be loaded: the plan card on the dashboard reports that. At 80 % it offers something to do: the
// upgrade (for a trial's owner, composed by the shell), or else the token that uses the most, where its
// daily cap is set.
import { lazy, Suspense } from 'react';
import { useQuota } from '../api/get-quota';
import type { QuotaBannerProps } from './quota-banner-alert';
import { quotaLevel } from './quota-texts';

const QuotaBannerAlert = lazy(() => import('./quota-banner-alert'));

export function QuotaBanner({ upgradeAction }: QuotaBannerProps) {
  const { data: quota } = useQuota();
  if (!quota) return null;
  const level = quotaLevel(quota);
  if (level !== 'warning' && level !== 'exhausted') return null;
  return (
    <Suspense fallback={null}>
      <QuotaBannerAlert quota={quota} upgradeAction={upgradeAction} />
    </Suspense>
  );
}
