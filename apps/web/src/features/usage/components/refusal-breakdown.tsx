// Refused requests by reason over the period, under the chart and the table (design §8 "Usage", §10):
// the chart stacks all refusals of a day in one red bar (the answer counts reasons over the whole
// period, not per day), so the reasons are listed here, the most frequent first, each with its count,
// its share of the refusals and a bar of that length in the same red. A limit refusal (the daily quota,
// the rate) says what it means, since the customer can do something about it.
import { REFUSED_METERED_CODES, type ClientUsage } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REFUSED_BY_REASON, REFUSED_CODE_HINTS, REFUSED_CODE_LABELS, refusedShareText } from './usage-texts';
import { visuallyHidden } from '@/components/a11y/visually-hidden';

export function RefusalBreakdown({ usage }: { usage: ClientUsage }) {
  const reasons = REFUSED_METERED_CODES.map((code) => ({ code, count: usage.refusedByCode[code] ?? 0 }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count);
  if (reasons.length === 0) return null;
  const refused = reasons.reduce((total, { count }) => total + count, 0);
  return (
    <Box sx={{ mt: 3, maxWidth: 560 }}>
      <Typography id="refused-by-reason" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {REFUSED_BY_REASON}
      </Typography>
      <Box
        component="ul"
        aria-labelledby="refused-by-reason"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', rowGap: 1.5 }}
      >
        {reasons.map(({ code, count }) => (
          <li key={code}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', columnGap: 2 }}>
              <Typography variant="body2">
                {REFUSED_CODE_LABELS[code]}
                {/* Read as "Feed not in scope: 1 · 100%", not as one word run into the count. */}
                <Box component="span" sx={visuallyHidden}>
                  :{' '}
                </Box>
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {refusedShareText(count, refused)}
              </Typography>
            </Box>
            <Box aria-hidden sx={{ height: 6, mt: 0.5, borderRadius: 3, bgcolor: 'action.hover' }}>
              <Box
                sx={{
                  width: `${(count / refused) * 100}%`,
                  minWidth: 4,
                  height: 1,
                  borderRadius: 3,
                  bgcolor: 'error.main',
                }}
              />
            </Box>
            {REFUSED_CODE_HINTS[code] ? (
              <Typography variant="caption" color="text.secondary">
                {REFUSED_CODE_HINTS[code]}
              </Typography>
            ) : null}
          </li>
        ))}
      </Box>
    </Box>
  );
}
