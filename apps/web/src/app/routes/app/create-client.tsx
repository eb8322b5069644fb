import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/layouts/page-header';

// Placeholder until the tokens issue builds the token request form.
export default function CreateClientRoute() {
  return (
    <>
      <PageHeader title="New Token Request" />
      <Typography color="text.secondary">
        Requesting new API tokens from the portal is coming soon.
      </Typography>
    </>
  );
}
