// The usage section of API Token Details (design §8 "Usage"): requests per day by feed and refused
// requests over 7, 30 or 90 days, as a chart or as a table, with totals, and the refusals by reason below.
// Only the /client/:clientId route imports it, so the chart library loads with that route's lazy chunk.
// (A lazy chunk of its own for the chart would share MUI's Typography and Button with the sign-in page
// but not Box, and the bundler would then split /login's first load into one more file: +0.5 kB.)
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { useState } from 'react';
import { USAGE_DAY_CHOICES, USAGE_DAYS_DEFAULT, shortClientId, type ClientUsage } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@/components/icons/insights-outlined';
import { useClientUsage } from '../api/get-client-usage';
import { RefusalBreakdown } from './refusal-breakdown';
import { UsageChart } from './usage-chart';
import { UsageTable } from './usage-table';
import {
  earlierClientIdsText,
  NO_VERIFICATIONS_HEADING,
  NO_VERIFICATIONS_TEXT,
  noVerificationsInWindow,
  USAGE_HEADING,
  USAGE_LOAD_FAILED,
} from './usage-texts';

const CHART_HEIGHT = 320;

type UsageView = 'chart' | 'table';

function ChartLoading() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', height: CHART_HEIGHT }}>
      <CircularProgress aria-label="Loading the chart" />
    </Box>
  );
}

function Totals({ usage }: { usage: ClientUsage }) {
  const facts = [
    ['Requests', usage.totals.requests],
    ['Valid', usage.totals.valid],
    ['Refused', usage.totals.refused],
  ] as const;
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        component="dl"
        aria-label={`Totals over ${usage.days} days`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 }, m: 0 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
              {value.toLocaleString()}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function EmptyUsage({ usage }: { usage: ClientUsage }) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2 }}>
      <InsightsOutlined color="disabled" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {NO_VERIFICATIONS_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto' }}>
        {usage.lastUsedAt === null ? NO_VERIFICATIONS_TEXT : noVerificationsInWindow(usage.days)}
      </Typography>
    </Box>
  );
}

export function UsageSection({ clientId }: { clientId: string }) {
  const [days, setDays] = useState<number>(USAGE_DAYS_DEFAULT);
  const [view, setView] = useState<UsageView>('chart');
  const usageQuery = useClientUsage(clientId, days);
  const usage = usageQuery.data;
  const hasData = Boolean(usage && usage.totals.requests > 0);

  let body;
  if (usageQuery.isPending) body = <ChartLoading />;
  else if (usageQuery.isError || usage === undefined) {
    body = <LoadFailedAlert onRetry={() => void usageQuery.refetch()}>{USAGE_LOAD_FAILED}</LoadFailedAlert>;
  } else if (usage.totals.requests === 0) body = <EmptyUsage usage={usage} />;
  else {
    body = (
      <>
        <Totals usage={usage} />
        {view === 'chart' ? (
          <Box
            role="figure"
            aria-label={`Requests per day by feed and refused requests, last ${usage.days} days. The table view shows the same numbers; the refusals by reason follow.`}
            sx={{ minWidth: 0 }}
          >
            <UsageChart usage={usage} />
          </Box>
        ) : (
          <UsageTable usage={usage} />
        )}
        <RefusalBreakdown usage={usage} />
      </>
    );
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="usage-heading"
      aria-busy={usageQuery.isFetching}
      sx={{ p: { xs: 2, md: 3 }, mt: 3, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box>
          <Typography id="usage-heading" variant="h5" component="h2">
            {USAGE_HEADING}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Verifications by the data feed, per UTC day
          </Typography>
          {usage && usage.clientIds.length > 1 ? (
            <Typography variant="body2" color="text.secondary">
              {earlierClientIdsText(usage.clientIds.slice(1).map((id) => `…${shortClientId(id)}`))}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_event, next: number | null) => next !== null && setDays(next)}
            aria-label="Period"
          >
            {USAGE_DAY_CHOICES.map((choice) => (
              <ToggleButton key={choice} value={choice} sx={{ px: { xs: 1, sm: 1.5 }, whiteSpace: 'nowrap' }}>
                {choice} days
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {hasData ? (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_event, next: UsageView | null) => next !== null && setView(next)}
              aria-label="View"
            >
              <ToggleButton value="chart" sx={{ px: 1.5 }}>
                Chart
              </ToggleButton>
              <ToggleButton value="table" sx={{ px: 1.5 }}>
                Table
              </ToggleButton>
            </ToggleButtonGroup>
          ) : null}
        </Box>
      </Box>
      {body}
    </Paper>
  );
}
