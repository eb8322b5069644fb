// The usage chart: one bar a day or, where days would be hairlines, a week (usage-buckets.ts); valid
// verifications stacked by feed, each in its one colour (lib/theme/feed-colors.ts), refused ones in red on
// top, so a bar is as tall as the requests of its days and keeps its whole width on a phone (a refused bar
// beside it would halve that). @mui/x-charts loads with the token details route only (usage-section.tsx).
import { useEffect, useState } from 'react';
import { usageFeedName, type ClientUsage } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { feedColor } from '@/lib/theme/feed-colors';
import { daysPerBarFor, usageBars, type UsageBars } from './usage-buckets';
import { REFUSED_SERIES } from './usage-texts';

const Y_AXIS_WIDTH = 48;
const RIGHT_MARGIN = 8;

/** The chart's series, one stack: every feed in its own colour, then the refused in the theme's error red. */
export function usageSeries(bars: UsageBars, theme: Theme) {
  return [
    ...bars.feeds.map(({ feed, requests }) => ({
      id: feed,
      color: feedColor(feed, theme.palette.mode),
      data: requests,
      label: usageFeedName(feed),
      stack: 'requests',
    })),
    {
      id: 'refused',
      data: bars.refused,
      label: REFUSED_SERIES,
      stack: 'requests',
      color: theme.palette.error.main,
    },
  ];
}

/** The element's width in px, kept up to date (0 until measured, and where ResizeObserver is missing). */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export function UsageChart({ usage }: { usage: ClientUsage }) {
  const theme = useTheme();
  const [box, setBox] = useState<HTMLElement | null>(null);
  const plotWidth = Math.max(0, useWidth(box) - Y_AXIS_WIDTH - RIGHT_MARGIN);
  const bars = usageBars(usage, daysPerBarFor(usage.days, plotWidth));
  return (
    <Box ref={setBox} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {bars.daysPerBar === 1 ? 'A bar a day' : 'A bar a week (the table shows each day)'}: valid requests
        stacked by feed, refused requests in red on top (their reasons follow the chart).
      </Typography>
      <BarChart
        height={320}
        xAxis={[
          {
            scaleType: 'band',
            data: bars.labels,
            valueFormatter: (label: string, { location }) =>
              location === 'tick' ? (bars.ticks[bars.labels.indexOf(label)] ?? label) : label,
            tickLabelMinGap: 12,
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: Y_AXIS_WIDTH }]}
        series={usageSeries(bars, theme)}
        margin={{ left: 0, right: RIGHT_MARGIN }}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </Box>
  );
}
