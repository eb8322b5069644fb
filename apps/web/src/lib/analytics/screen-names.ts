// The screen each route shows, as page views name it ('Viewed <Screen>').
import { matchPath } from 'react-router';
import { paths, routePatterns } from '@/config/paths';

const SCREENS: ReadonlyArray<[pattern: string, screen: string]> = [
  [paths.login, 'Login'],
  [paths.register, 'Registration'],
  [paths.forgotPassword, 'Forgot Password'],
  [routePatterns.resetPassword, 'Reset Password'],
  [paths.verifyEmail, 'Email Verification'],
  [paths.acceptInvitation, 'Accept Invitation'],
  [paths.welcome, 'Welcome'],
  [paths.home, 'Dashboard'],
  [paths.dashboard, 'Dashboard'],
  [paths.createClient, 'New Token Request'],
  [routePatterns.client, 'API Token Details'],
  [paths.profile, 'Manage Profile'],
  [paths.team, 'Team'],
  [paths.activity, 'Activity'],
];

/** The screen at a path, or null for a path the router redirects away from. */
export function screenName(pathname: string): string | null {
  return SCREENS.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
}
