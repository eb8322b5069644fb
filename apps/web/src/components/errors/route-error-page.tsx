// The page an unhandled routing failure shows (spec §2). It uses plain links, not the router, because
// the router itself may be what failed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

const ROUTE_ERROR_HEADING = 'Unexpected Application Error!';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

export function RouteErrorPage() {
  const error = useRouteError();
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
