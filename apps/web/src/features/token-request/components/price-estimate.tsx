// The live price estimate (spec §9): one line per selected sport with quantity 1 and its unit price, the
// annual total before taxes in CAD, the monthly rate (annual / 12) and the 12-month term.
import { useId } from 'react';
import { SPORTS, estimatePrice, formatCad, type SportCode, type TimingSelection } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  PRICE_ANNUAL_LABEL,
  PRICE_CURRENCY_NOTE,
  PRICE_EMPTY,
  PRICE_HEADING,
  PRICE_MONTHLY_LABEL,
  priceTermLabel,
} from './token-request-texts';

export interface PriceEstimateProps extends TimingSelection {
  sports: readonly SportCode[];
}

const lineSx = { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 } as const;

export function PriceEstimate({ liveGame, preGame, postGame, sports }: PriceEstimateProps) {
  const headingId = useId();
  const estimate = estimatePrice({ liveGame, preGame, postGame, sports });
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} variant="h5" component="h2">
        {PRICE_HEADING}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {priceTermLabel(estimate.termMonths)}
      </Typography>
      {estimate.lines.length === 0 ? (
        <Typography color="text.secondary">{PRICE_EMPTY}</Typography>
      ) : (
        <>
          <Box component="ul" aria-label="Estimate lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {estimate.lines.map((line) => (
              <Box component="li" key={line.sport} sx={{ ...lineSx, py: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{SPORTS[line.sport].name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {line.timingLabel}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                  <Typography>{formatCad(line.amount)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {`Qty ${line.quantity} × ${formatCad(line.unitPrice)}`}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
          <Divider sx={{ my: 1 }} />
          <Box component="dl" sx={{ m: 0, '& dd': { m: 0, fontWeight: 600 } }}>
            <Box sx={lineSx}>
              <Typography component="dt">{PRICE_ANNUAL_LABEL}</Typography>
              <Typography component="dd">{formatCad(estimate.annualTotal)}</Typography>
            </Box>
            <Box sx={lineSx}>
              <Typography component="dt">{PRICE_MONTHLY_LABEL}</Typography>
              <Typography component="dd">{formatCad(estimate.monthly)}</Typography>
            </Box>
          </Box>
        </>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        {PRICE_CURRENCY_NOTE}
      </Typography>
    </Paper>
  );
}
