import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The loading state of a whole page or of the shell while the user is fetched. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', width: '100%' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
