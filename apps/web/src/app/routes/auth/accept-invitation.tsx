import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { searchParams } from '@/config/paths';
import { AcceptInvitation } from '@/features/auth/components/accept-invitation';
import { InvitationProblemNotice } from '@/features/auth/components/invitation-problem';
import { useSessionToken } from '@/lib/auth/use-session';

export default function AcceptInvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get(searchParams.invitationToken);
  const signedIn = useSessionToken() !== null;
  // A link cut short before its token is a wrong link, said the same way.
  if (!token)
    return (
      <AuthLayout title="Your invitation">
        <InvitationProblemNotice problem="invitation_invalid" signedIn={signedIn} />
      </AuthLayout>
    );
  return <AcceptInvitation key={token} token={token} />;
}
