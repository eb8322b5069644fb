import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/navigation/router-link';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { consolePaths } from '@/config/console-paths';

/** A console address with no screen: said so inside the shell, with the way back to the overview. */
export function ConsoleNotFound() {
  return (
    <>
      <ConsolePageHeader title="Page not found" />
      <Typography>
        The console has no page at this address.{' '}
        <RouterLink to={consolePaths.home}>Go to the overview</RouterLink>
      </Typography>
    </>
  );
}
