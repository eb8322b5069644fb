import { PageSpinner } from '@/components/feedback/page-spinner';
import { DashboardGreeting } from '@/features/dashboard/components/dashboard-greeting';
import { EmailVerificationBanner } from '@/features/email-verification/components/email-verification-banner';
import { PlanCard } from '@/features/quota/components/plan-card';
import { TokensOverview } from '@/features/tokens/components/tokens-overview';
import { UpgradeAccountButton } from '@/features/upgrade/components/upgrade-account-button';
import { useUser } from '@/lib/account/user';

export default function DashboardRoute() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <>
      <DashboardGreeting firstName={user.firstName} />
      {user.emailVerified ? null : <EmailVerificationBanner email={user.email} />}
      <PlanCard
        upgradeAction={
          user.companyAccountStatus === 'trial' ? <UpgradeAccountButton user={user} /> : undefined
        }
      />
      <TokensOverview
        accountStatus={user.companyAccountStatus}
        extraAction={<UpgradeAccountButton user={user} />}
      />
    </>
  );
}
