import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/layouts/page-header';

// Placeholder until the tokens issue builds the token details screen.
export default function ClientRoute() {
  return (
    <>
      <PageHeader title="API Token Details" />
      <Typography color="text.secondary">
        Viewing, rotating and deleting a token from the portal is coming soon.
      </Typography>
    </>
  );
}
