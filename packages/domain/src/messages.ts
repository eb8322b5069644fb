// Every user-facing message of spec §2, §5 and §8, written once.

export const MESSAGES = {
  registrationSuccess: 'Registration Successful! Please check your email to verify your account.',
  passwordResetSuccess: 'Your password has been reset.',
  welcomeSuccess: 'Profile Update Successful!',
  profileSuccess: 'Successfully updated your profile',
  upgradeSuccess: 'Successfully submitted your upgrade request',
  rotateDialogSuccess: 'Token rotated successfully. New token details are below',
  irreversibleWarning: 'Warning - Irreversible Action',

  usernameTaken: 'Username is already taken. Please try another.',
  emailTaken: 'Email is already taken. Please try another.',
  passwordsDoNotMatch: 'Passwords do not match',
  sportRequired: 'You must select at least one Sport',
  timingRequired: 'At least one of Live Feed, Pre Game, or Post Game must selected',
  latencyRequired: 'You must select at least one Latency type',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required in order to change passwords',
  termsRequired: 'You must agree to the Terms of Service',
  privacyRequired: 'You must read the Privacy Policy',

  loginFailed: 'Login Failed. Please check your credentials and try again.',
  registrationFailed: 'Registration Failed. Please try again.',
  forgotPasswordFailed:
    'Request Failed. Please check your email and try again. If the issue persists, please contact us.',
  resetFailed:
    'Request Failed. Please try again. If the issue persists, try requesting for a new reset password or contact us for further support.',
  welcomeFailed: 'User Update Failed. Please try again.',
  createClientFailedTitle: 'Failed to create Client',
  createClientFailed:
    'An error occurred while creating the new client. Try submitting your request again, if the issue persists, please contact us.',
  profileFailedTitle: 'Failed to update profile',
  profileFailed:
    'An error occurred while updating your profile. Try submitting your changes again, if the issue persists, please contact us.',
  upgradeFailed:
    'Failed to submit upgrade request. Try submitting your request again, if the issue persists, please contact us.',
} as const;

/**
 * Not in the spec: the server's answer to a new password on its list of common ones (design §2). The
 * forms show it from the answer, so it stays out of MESSAGES, which the sign-in page ships.
 */
export const passwordTooCommonMessage = 'This password is too common. Choose one that is harder to guess.';

/**
 * Not in the spec: the API's refusals about one token (design §3, §9), written once for the API and for
 * the web app's test doubles, which answer as the server does.
 */
export const TOKEN_MESSAGES = {
  /** Unknown, deleted, or another company's: the same answer, so no client ID is confirmed to exist. */
  notFound: 'No API token with this client ID was found in your account.',
  noGracePeriod: 'No API token with this client ID has an old secret still working in your account.',
  alreadyReplaced:
    'This secret was already replaced by a rotation and only works until its grace period ends: rotate its replacement instead.',
} as const;

/** Not in the spec: the API's refusal of a password change whose current password is wrong (400). */
export const wrongPasswordMessage = 'The current password is incorrect.';
/** Not in the spec: the API's answer to an upgrade request from a company that already pays (409). */
export const alreadyPaidMessage = 'Your company already has a paid account.';

/**
 * Not in the spec: a suspended company (design §11 "Suspension is visible"). The banner its members see,
 * naming whom to write to, and the API's refusals (409 `account_suspended`) of what it cannot do.
 */
/** The banner on every page of a suspended company's members; apart from the refusals, which only the server words. */
export const suspensionBannerText = (contact: string) =>
  `Your company's account is suspended by the DataFeeds team: none of its API tokens works, and no new token or upgrade can be requested. To find out why and have it reinstated, contact the DataFeeds team at ${contact}.`;

export const SUSPENSION_MESSAGES = {
  createToken: (contact: string) =>
    `Your company's account is suspended, so no new API token can be created. Contact the DataFeeds team at ${contact}.`,
  upgrade: (contact: string) =>
    `Your company's account is suspended, so no upgrade can be requested. Contact the DataFeeds team at ${contact}.`,
} as const;

export const deleteSuccessMessage = (label: string) => `${label} Client Credential deleted successfully`;
export const deleteFailureMessage = (label: string, shortId: string) =>
  `Failed to delete ${label} (${shortId}) Client Credential`;
/** Not in the spec: the dashboard's "Delete selected", worded like the single delete's messages. */
export const bulkDeleteSuccessMessage = (count: number) => `${count} Client Credentials deleted successfully`;
export const bulkDeleteFailureMessage = (shortIds: readonly string[]) =>
  `Failed to delete ${shortIds.length} of the selected Client Credentials: ${shortIds.join(', ')}`;
export const rotateSuccessMessage = (label: string) => `${label} Client Credential rotate request successful`;
export const rotateFailureMessage = (label: string, shortId: string) =>
  `Failed to request rotation for ${label} (${shortId}) Client Credential`;

/** Generic validator messages (spec §5), in the form "<Field> <rule>". */
export const genericMessages = {
  empty: (field: string) => `${field} is not allowed to be empty`,
  required: (field: string) => `${field} is required`,
  email: (field: string) => `${field} must be a valid email`,
  number: (field: string) => `${field} must be a number`,
  phone: (field: string) => `${field} may contain only digits, spaces and + - ( ) .`,
  min: (field: string, min: number) => `${field} length must be at least ${min} characters long`,
  max: (field: string, max: number) => `${field} length must be less than or equal to ${max} characters long`,
};

/** Not in the spec: the 80 % quota banner's link to the token that used most of today's requests (design §10). */
export const BUSIEST_TOKEN_LINK = 'See the token using the most';
