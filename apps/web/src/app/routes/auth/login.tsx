import { Navigate, useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSessionToken } from '@/lib/auth/use-session';

/** Where the shell sent the user from, so signing in returns them there. */
function redirectTarget(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    // Only in-app paths: never follow a redirect to another site.
    if (state.from.startsWith('/') && !state.from.startsWith('//') && state.from !== paths.login)
      return state.from;
  }
  return paths.dashboard;
}

export default function LoginRoute() {
  const token = useSessionToken();
  const location = useLocation();
  if (token !== null) return <Navigate to={redirectTarget(location.state)} replace />;
  return (
    <AuthLayout title="Sign in" subtitle="Already use DataFeeds Analytics? Sign in with that account.">
      <LoginForm />
    </AuthLayout>
  );
}
