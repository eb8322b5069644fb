// Every URL of the app lives here, so links and redirects never spell a path by hand.

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  acceptInvitation: '/accept-invitation',
  welcome: '/welcome',
  dashboard: '/dashboard',
  profile: '/profile',
  team: '/team',
  activity: '/activity',
  createClient: '/create-client',
  client: (clientId: string) => `/client/${encodeURIComponent(clientId)}`,
} as const;

/** Route patterns for the router (the URL helpers above build concrete links). */
export const routePatterns = {
  resetPassword: '/reset-password/*',
  client: '/client/:clientId',
} as const;

/** Query parameters the public pages read from links sent by email. */
export const searchParams = {
  resetToken: 'resetToken',
  verificationToken: 'token',
  invitationToken: 'token',
} as const;
