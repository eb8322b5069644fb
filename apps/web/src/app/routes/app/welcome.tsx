import Box from '@mui/material/Box';
import { PageHeader } from '@/components/layouts/page-header';
import { RemovalNotice } from '@/features/welcome/components/removal-notice';
import { WelcomeForm } from '@/features/welcome/components/welcome-form';

export default function WelcomeRoute() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader
        title="Welcome to DataFeeds"
        documentTitle="Welcome"
        subtitle="Your account is ready. Tell us a little about yourself and your company to start using the portal."
      />
      <RemovalNotice />
      <WelcomeForm />
    </Box>
  );
}
