// The spec's visible texts, kept once and used by both the server and the web app (spec §4, §5, §8).
export const MESSAGES = {
  defaultError: 'An error occurred.',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  startupFailed: 'Failed to initialize application.',
  profileUpdateFailedThrown: 'Failed to update profile. Please try again.',
  profileUpdateFailedService: 'Profile update failed. Please try again.',
  passwordChangeFailedThrown: 'Failed to change password. Please try again.',
  passwordChangeFailedService: 'Password change failed. Please try again.',
  permissionsFetchFailed: 'Failed to fetch user permissions.',
  noUserSpecified: 'No user specified.',
  userCreated: 'User created successfully',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  noPermissions: 'No specific permissions assigned.',
  aiConnectionTrouble: "I apologize, but I'm having trouble connecting to the AI service right now. Please try again in a moment.",
  aiUnavailable: 'AI service unavailable',
  searchPlaceholder: 'Search workflows, applications, users...',
  allSystemsOperational: 'All Systems Operational',
} as const;

/** A new password shorter than the product's minimum (System Configuration's product settings; 8 by default, spec §5). */
export const passwordTooShortFor = (min: number): string => `Password must be at least ${min} characters`;

export const VALIDATION = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  emailInvalid: 'Please enter a valid email address',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordTooShort: passwordTooShortFor(8),
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export const TOASTS = {
  loginSuccess: { title: 'Login Successful', message: (name: string) => `Welcome back, ${name}!` },
  profileUpdated: { title: 'Profile Updated', message: 'Your profile has been updated successfully.' },
  passwordChanged: { title: 'Password Changed', message: 'Your password has been changed successfully.' },
  sessionExpiring: { title: 'Session Expiring', message: 'Your session will expire soon. Click to extend your session.' },
  sessionExtended: { title: 'Session Extended' },
  sessionExpired: { title: 'Session Expired', message: 'Your session has expired. Please log in again.' },
  aiError: { title: 'AI Assistant Error', message: 'Unable to connect to AI service' },
  feedbackError: { title: 'Feedback Error', message: 'Unable to submit feedback' },
  feedbackSubmitted: { title: 'Feedback Submitted', message: 'Thank you for your feedback!' },
} as const;

export const LIMITS = {
  requestTimeoutMs: 30_000,
  sessionCheckIntervalMs: 300_000,
  idleTimeoutMs: 30 * 60_000,
  idleWarningMs: 5 * 60_000,
  idleCheckIntervalMs: 60_000,
  toastLifetimeMs: 5000,
  modalTransitionMs: 300,
  backdropTransitionMs: 150,
  loadingBarTickMs: 1000,
  loadingBarStep: 10,
  loadingBarCap: 100,
  minPasswordLength: 8,
  mobileBreakpointPx: 1024,
  aiPanelWidthPx: 400,
} as const;

/** Server-side texts the spec leaves open; kept here so tests and the web app use the same words. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'This account is deactivated.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  notAuthenticated: 'Not authenticated',
  tokenExpired: 'Token expired or invalid',
  invalidRefreshToken: 'Invalid or expired refresh token',
  forbidden: 'You do not have permission to perform this action.',
  otherOrganization: 'You cannot act in another organization.',
  notFound: 'Not found',
  validationFailed: 'Validation failed',
  malformedJson: 'Malformed JSON in request body',
  bodyTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  internalError: 'Internal server error',
  emailTaken: 'A user with this email already exists',
  currentPasswordIncorrect: 'Current password is incorrect',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  organizationNotFound: 'Organization not found',
  cannotRemoveLastSuperAdmin: 'The last super administrator cannot be removed.',
  registrationClosed: 'Registration is not open for this email address.',
  registrationUnavailable: 'Self-registration is not available. Ask an administrator to create your account.',
  registrationSuccess: 'Registration successful',
  registrationCheckEmail: 'Check your e-mail: we have sent a link to confirm your address, if it can be registered. The link works once, within 24 hours.',
  registrationLinkInvalid: 'This confirmation link is invalid, used or expired. Sign up again to get a new one.',
  registrationConfirmed: 'Your e-mail address is confirmed. You can sign in now.',
  registrationConfirmedPending:
    'Your e-mail address is confirmed. An administrator of your organization must approve your account before you can sign in; you will get an e-mail when they have.',
  registrationAlreadyAccount: 'This e-mail address already has an account. Sign in with it.',
  accountPending: 'Your account is waiting for an administrator to approve it.',
  userApproved: 'Account approved',
  userRejected: 'Sign-up rejected and removed',
  userNotPending: 'This account is not waiting for approval.',
  passwordTooCommon: 'This password is too common; choose one that is harder to guess',
  passwordContainsEmail: 'The password must not contain your e-mail address',
  currentPasswordRequiredForEmail: 'Enter your current password to change your e-mail address',
  emailDomainClaimed: 'Another organization already accepts sign-ups from this domain',
  loggedOut: 'Logged out',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  passwordReset: 'Password reset successfully',
  userUnlocked: 'User unlocked successfully',
  organizationNameTaken: 'An organization with this name already exists',
  organizationHasUsers: 'The organization still has users; move or delete them first.',
  roleNotAssignable: 'You cannot assign this role.',
  permissionNotGrantable: 'You cannot grant a permission you do not hold.',
  targetOutranksActor: 'You cannot manage a user with more privileges than your own.',
  unknownPermission: 'Unknown permission',
} as const;

/** The hint under every new-password field: the product's minimum length, and the common-password rule. */
export const newPasswordHint = (min: number): string => `At least ${min} characters, and not a common password.`;

/**
 * The answer to a sign-in (or a re-entered password) that must wait after failed tries: the same for every e-mail,
 * saying how long (the `Retry-After` header carries the seconds too).
 */
export function failedAttemptsWait(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed attempts. Try again in ${wait}.`;
}
