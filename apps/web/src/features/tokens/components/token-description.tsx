import { describeScope, type Scope } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const NO_FEEDS_TEXT = 'No feeds';

/** The Description column (spec §2): one line per timing, e.g. "Real Time: NFL, MLB". */
export function TokenDescription({ scope }: { scope: Partial<Scope> }) {
  const lines = describeScope(scope);
  if (lines.length === 0) return <Typography variant="body2">{NO_FEEDS_TEXT}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map(({ label, text }) => {
        // The timing label keeps its first sport beside it; a long list breaks after its commas.
        const [firstSport, ...otherSports] = text.split(', ');
        return (
          <Typography key={label} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {label}:
              </Box>{' '}
              {firstSport}
            </Box>
            {otherSports.length > 0 ? `, ${otherSports.join(', ')}` : null}
          </Typography>
        );
      })}
    </Box>
  );
}
