import { useLocation } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { NewTokenRequest } from '@/features/token-request/components/new-token-request';
import { PAGE_SUBTITLE, PAGE_TITLE } from '@/features/token-request/components/token-request-texts';
import { useUser } from '@/lib/account/user';

export default function CreateClientRoute() {
  const { data: user } = useUser();
  // Keyed by the visit: following the sidebar's 'New API Token' from the result view starts a new request.
  const { key } = useLocation();
  return (
    <>
      <PageHeader title={PAGE_TITLE} subtitle={PAGE_SUBTITLE} />
      <NewTokenRequest key={key} isTrial={user?.companyAccountStatus === 'trial'} />
    </>
  );
}
