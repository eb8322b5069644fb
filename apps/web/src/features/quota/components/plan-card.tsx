// The dashboard's plan card (design §10): the plan, today's requests against its quota with a bar that
// turns amber at 80 % and red at 100 %, when the count resets, the rate, and when the quota runs out at
// the last hour's pace. An unlimited plan says so. It refreshes with the quota query (every few seconds
// while the page is visible); a failed load stays inside the card, the rest of the dashboard works on.
import type { ReactNode } from 'react';
import type { Quota } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/a11y/visually-hidden';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { useCompanySuspended } from '@/lib/auth/company-suspension';
import { useQuota } from '../api/get-quota';
import { QuotaProgress } from './quota-progress';
import {
  forecastText,
  LIMIT_REACHED_TEXT,
  PLAN_CARD_LABEL,
  PLAN_LOAD_FAILED,
  PLAN_LOADING,
  planTitle,
  quotaLevel,
  rateText,
  resetsText,
  UNLIMITED_TEXT,
  UPGRADE_LIFTS_LIMITS,
  usedOfQuotaText,
  usedPercent,
  usedTodayText,
} from './quota-texts';

interface PlanCardProps {
  /** Offered once today's quota is used up (the upgrade button, for a trial company: composed by the route). */
  upgradeAction?: ReactNode;
}

function PlanLoading() {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        {PLAN_LOADING}
      </Box>
      <Skeleton variant="text" width={120} sx={{ fontSize: '1.5rem' }} />
      <Skeleton variant="text" width={260} />
      <Skeleton variant="rounded" height={10} sx={{ my: 1.5 }} />
      <Skeleton variant="text" width={220} />
    </Box>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        listStyle: 'none',
        p: 0,
        m: 0,
        color: 'text.secondary',
      }}
    >
      {children}
    </Box>
  );
}

function LimitedQuota({
  quota,
  dailyQuota,
  now,
  upgradeAction,
  suspended,
}: {
  quota: Quota;
  dailyQuota: number;
  now: Date;
  upgradeAction: ReactNode;
  /** No request is admitted while the company is suspended (design §11): there is nothing to forecast. */
  suspended: boolean;
}) {
  const level = quotaLevel(quota);
  const percent = usedPercent(quota);
  const exhausted = level === 'exhausted';
  return (
    <>
      <Typography variant="h6" component="p" sx={{ fontWeight: 500 }}>
        {usedOfQuotaText(quota.usedToday, dailyQuota)}
      </Typography>
      <QuotaProgress percent={percent} level={level} />
      <Facts>
        <li>
          <time dateTime={quota.resetsAt}>{resetsText(quota.resetsAt, now)}</time>
        </li>
        <li>{rateText(quota.plan.ratePerSecond)}</li>
      </Facts>
      {!exhausted && !suspended && quota.forecastExhaustedAt !== null ? (
        <Typography sx={{ mt: 1 }}>
          <time dateTime={quota.forecastExhaustedAt}>{forecastText(quota.forecastExhaustedAt)}</time>
        </Typography>
      ) : null}
      {exhausted ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography color="error" sx={{ fontWeight: 600 }}>
            {LIMIT_REACHED_TEXT}
          </Typography>
          {upgradeAction ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1 }}>
              <Typography>{UPGRADE_LIFTS_LIMITS}</Typography>
              {upgradeAction}
            </Box>
          ) : null}
        </Box>
      ) : null}
    </>
  );
}

function UnlimitedQuota({ quota }: { quota: Quota }) {
  return (
    <>
      <Typography variant="h6" component="p" sx={{ fontWeight: 500 }}>
        {UNLIMITED_TEXT}
      </Typography>
      <Facts>
        <li>{usedTodayText(quota.usedToday)}</li>
        <li>{rateText(quota.plan.ratePerSecond)}</li>
      </Facts>
    </>
  );
}

export function PlanCard({ upgradeAction }: PlanCardProps) {
  const quotaQuery = useQuota();
  const quota = quotaQuery.data;
  const suspended = useCompanySuspended();

  let body;
  if (quota) {
    const { dailyQuota } = quota.plan;
    // Measured from the last answer, so "resets in" moves on with every refresh.
    const now = new Date(quotaQuery.dataUpdatedAt);
    body = (
      <>
        <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {planTitle(quota.plan.name)}
        </Typography>
        {dailyQuota === null ? (
          <UnlimitedQuota quota={quota} />
        ) : (
          <LimitedQuota
            quota={quota}
            dailyQuota={dailyQuota}
            now={now}
            upgradeAction={upgradeAction}
            suspended={suspended}
          />
        )}
      </>
    );
  } else if (quotaQuery.isError) {
    body = <LoadFailedAlert onRetry={() => void quotaQuery.refetch()}>{PLAN_LOAD_FAILED}</LoadFailedAlert>;
  } else body = <PlanLoading />;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="plan-card-label"
      sx={{ p: { xs: 2, md: 3 }, mb: 3, maxWidth: 720 }}
    >
      <Typography id="plan-card-label" variant="overline" component="p" color="text.secondary">
        {PLAN_CARD_LABEL}
      </Typography>
      {body}
    </Paper>
  );
}
