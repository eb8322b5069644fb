import { PageSpinner } from '@/components/feedback/page-spinner';
import { PageHeader } from '@/components/layouts/page-header';
import { TeamOverview } from '@/features/team/components/team-overview';
import { TEAM_SUBTITLE, TEAM_TITLE } from '@/features/team/components/team-texts';
import { useUser } from '@/lib/account/user';

export default function TeamRoute() {
  const { data: user } = useUser();
  return (
    <>
      <PageHeader title={TEAM_TITLE} subtitle={TEAM_SUBTITLE} />
      {user ? <TeamOverview user={user} /> : <PageSpinner />}
    </>
  );
}
