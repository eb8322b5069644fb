import { PageSpinner } from '@/components/feedback/page-spinner';
import { PageHeader } from '@/components/layouts/page-header';
import { EmailNotifications } from '@/features/profile/components/email-notifications';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { useQuota } from '@/features/quota/api/get-quota';
import { useUser } from '@/lib/account/user';

export default function ProfileRoute() {
  const { data: user } = useUser();
  // Quota emails are sent only on a plan with a daily quota: the same query as the banner's.
  const { data: quota } = useQuota();
  return (
    <>
      <PageHeader
        title="Manage Profile"
        subtitle="Update your name, your company, your password and the emails you receive."
      />
      {user ? (
        <>
          <ProfileForm key={user.id} user={user} />
          <EmailNotifications user={user} planHasQuota={quota ? quota.plan.dailyQuota !== null : undefined} />
        </>
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
