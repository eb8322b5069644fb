import { PageHeader } from '@/components/layouts/page-header';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { ACTIVITY_SUBTITLE, ACTIVITY_TITLE } from '@/features/activity/components/activity-texts';

export default function ActivityRoute() {
  return (
    <>
      <PageHeader title={ACTIVITY_TITLE} subtitle={ACTIVITY_SUBTITLE} />
      <ActivityLog />
    </>
  );
}
