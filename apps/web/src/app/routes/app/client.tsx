import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { TokenDetails } from '@/features/tokens/components/token-details';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';

export default function ClientRoute() {
  const { clientId = '' } = useParams();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
        <PageHeader title="API Token Details" />
        <Box sx={{ mb: 3 }}>
          <Button
            component={Link}
            to={paths.createClient}
            onClick={() => track(EVENTS.clickedNewApiToken, { from: 'token details' })}
            variant="contained"
            startIcon={<Add />}
          >
            New API Token
          </Button>
        </Box>
      </Box>
      <TokenDetails key={clientId} clientId={clientId} />
    </>
  );
}
