// Every analytics event the app records (spec §1: 'Viewed X', 'Clicked X', 'Submitted X',
// 'Completed X'), named once so screens cannot drift apart and the README's list stays true. The copy
// buttons add 'Clicked Copy <what>' (Client ID, Client Secret), and every screen 'Viewed <Screen>'.

export type AnalyticsEventName =
  `Viewed ${string}` | `Clicked ${string}` | `Submitted ${string}` | `Completed ${string}`;

/** Extra facts about an event. Never a secret, a password, a one-time token or a full URL. */
export type AnalyticsProperties = Record<string, string | number | boolean | readonly string[]>;

export const EVENTS = {
  submittedLogin: 'Submitted Login',
  completedLogin: 'Completed Login',
  clickedSignUp: 'Clicked Sign Up',
  clickedForgotPassword: 'Clicked Forgot Password',
  submittedRegistration: 'Submitted Registration',
  completedRegistration: 'Completed Registration',
  submittedForgotPassword: 'Submitted Forgot Password',
  completedForgotPassword: 'Completed Forgot Password',
  submittedResetPassword: 'Submitted Reset Password',
  completedResetPassword: 'Completed Reset Password',
  completedEmailVerification: 'Completed Email Verification',
  submittedWelcome: 'Submitted Welcome',
  completedWelcome: 'Completed Welcome',
  clickedNewApiToken: 'Clicked New API Token',
  submittedTokenRequest: 'Submitted Token Request',
  completedTokenRequest: 'Completed Token Request',
  clickedRotateToken: 'Clicked Rotate Token',
  submittedTokenRotation: 'Submitted Token Rotation',
  completedTokenRotation: 'Completed Token Rotation',
  clickedDeleteToken: 'Clicked Delete Token',
  submittedTokenDeletion: 'Submitted Token Deletion',
  completedTokenDeletion: 'Completed Token Deletion',
  clickedUpgradeToPaidAccount: 'Clicked Upgrade To Paid Account',
  submittedUpgradeRequest: 'Submitted Upgrade Request',
  completedUpgradeRequest: 'Completed Upgrade Request',
  submittedProfileUpdate: 'Submitted Profile Update',
  completedProfileUpdate: 'Completed Profile Update',
  clickedLogOut: 'Clicked Log Out',
} as const satisfies Record<string, AnalyticsEventName>;
