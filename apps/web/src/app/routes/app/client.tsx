import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { NewTokenButton } from '@/components/navigation/new-token-button';
import { TokenQuotaSection } from '@/features/quota/components/token-quota-section';
import { TokenDetails } from '@/features/tokens/components/token-details';

// The usage section brings the chart library: it loads after the token's fields, in a chunk of its own.
const UsageSection = lazy(async () => ({
  default: (await import('@/features/usage/components/usage-section')).UsageSection,
}));

export default function ClientRoute() {
  const { clientId = '' } = useParams();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
        <PageHeader title="API Token Details" />
        <Box sx={{ mb: 3 }}>
          <NewTokenButton from="token details">New API Token</NewTokenButton>
        </Box>
      </Box>
      <TokenDetails
        key={clientId}
        clientId={clientId}
        limits={(client) => <TokenQuotaSection client={client} />}
        below={
          <Suspense fallback={null}>
            <UsageSection clientId={clientId} />
          </Suspense>
        }
      />
    </>
  );
}
