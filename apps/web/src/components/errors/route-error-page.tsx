// The page an unhandled routing failure shows (spec §2). It uses plain links, not the router, because
// the router itself may be what failed. ./route-error-boundary shows it.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';

const ROUTE_ERROR_HEADING = 'Unexpected Application Error!';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <title>Error · DataFeeds Portal</title>
      <Box sx={{ maxWidth: 560 }}>
        <Typography variant="h2" component="h1" gutterBottom>
          {ROUTE_ERROR_HEADING}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {describe(error)}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" href={paths.dashboard}>
            Go to the dashboard
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
