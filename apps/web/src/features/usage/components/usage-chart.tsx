// The usage chart: valid verifications per day stacked by feed, refused ones as a bar of their own.
// @mui/x-charts loads with the token details route only (usage-section.tsx).
import { usageFeedName, type ClientUsage } from '@datafeeds/domain';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatUsageDay, REFUSED_SERIES } from './usage-texts';

/** Feed colours without a red (Tableau 10 minus its red), so that red means refused only. */
const FEED_COLORS = ['#4e79a7', '#f28e2b', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#9c755f', '#bab0ac'];

export function UsageChart({ usage }: { usage: ClientUsage }) {
  const theme = useTheme();
  const series = [
    ...usage.feeds.map(({ feed, requests }, index) => ({
      id: feed,
      color: FEED_COLORS[index % FEED_COLORS.length],
      data: requests,
      label: usageFeedName(feed),
      stack: 'valid',
    })),
    {
      id: 'refused',
      data: usage.refused,
      label: REFUSED_SERIES,
      stack: 'refused',
      color: theme.palette.error.main,
    },
  ];
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Valid requests are stacked by feed; refused requests stand beside them.
      </Typography>
      <BarChart
        height={320}
        xAxis={[{ scaleType: 'band', data: usage.dates.map(formatUsageDay), tickLabelMinGap: 12 }]}
        yAxis={[{ tickMinStep: 1, width: 48 }]}
        series={series}
        margin={{ left: 0, right: 8 }}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </>
  );
}
