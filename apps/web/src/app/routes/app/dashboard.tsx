import { PageSpinner } from '@/components/feedback/page-spinner';
import { DashboardGreeting } from '@/features/dashboard/components/dashboard-greeting';
import { EmailVerificationBanner } from '@/features/email-verification/components/email-verification-banner';
import { useUser } from '@/lib/auth/user';

export default function DashboardRoute() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <>
      <DashboardGreeting firstName={user.firstName} />
      {user.emailVerified ? null : <EmailVerificationBanner email={user.email} />}
    </>
  );
}
