import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export const NOT_FOUND_HEADING = 'Token not found';
export const NOT_FOUND_TEXT =
  'This API token does not exist or no longer exists: it may have been deleted or rotated.';

export function TokenNotFound() {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="token-not-found-heading"
      sx={{ p: { xs: 3, md: 5 }, display: 'grid', justifyItems: 'start', gap: 2 }}
    >
      <Typography id="token-not-found-heading" variant="h3" component="h2">
        {NOT_FOUND_HEADING}
      </Typography>
      <Typography color="text.secondary">{NOT_FOUND_TEXT}</Typography>
      <Button component={Link} to={paths.dashboard} variant="contained">
        Back to the dashboard
      </Button>
    </Paper>
  );
}
