/**
 * Validation and refusal messages, kept in one place so that the server's errors and the forms'
 * errors say the same thing.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  loginPasswordTooShort: 'Password must be at least 6 characters',
  newPasswordTooShort: 'Password must be at least 8 characters',
  /** The password policy (schemas/auth.ts): 8 to 11 characters are enough only when not common. */
  /** What the forms say under a new-password field. */
  passwordPolicyHint: 'At least 12 characters, or at least 8 that are not a common password.',
  passwordTooCommon:
    'This password is too common. Use at least 12 characters, or at least 8 that are not a common password.',
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Please confirm your password',
  confirmAdminPasswordRequired: 'Please confirm the password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooLong: 'Password must be at most 200 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  employeeIdRequired: 'Employee ID is required',
  yearsTooLow: 'Years must be 0 or greater',
  yearsTooHigh: 'Years cannot exceed 50',
  yearsNotWhole: 'Years must be a whole number',
  shiftRequired: 'Shift is required',
  shiftInvalid: 'Shift must be A, B or C',
  invalidCredentials: 'Invalid email or password',
  accountDeactivated: 'Your account has been deactivated. Contact an administrator.',
  registrationClosed: 'Registration is closed. Contact an administrator.',
  registrationReceived:
    'Registration received. An administrator will check your details, set your rank and years of service, and activate your account; you can sign in after that.',
  registrationPending:
    'Your registration is waiting for an administrator to approve it. You can sign in once your account is activated.',
  tokenMissing: 'Authentication required. Please sign in.',
  tokenExpired: 'Your session has expired. Please sign in again.',
  tokenMalformed: 'Your sign-in token is malformed. Please sign in again.',
  tokenInvalid: 'Your sign-in is no longer valid. Please sign in again.',
  refreshTokenInvalid: 'Invalid refresh token. Please sign in again.',
  adminRequired: 'Access denied. Admin privileges required.',
  notFound: 'Not found',
  internalError: 'Something went wrong on the server. Please try again.',
} as const;

/** "Too many failed sign-in attempts. Try again in N seconds/minutes.", as long as the wait really is. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** An administrator's Unlock of a member's sign-in (issue 13, finding 5). */
export const UNLOCK_MESSAGES = {
  unlocked: 'Sign-in unlocked. The member can sign in again at once, from any address.',
  confirm:
    'Unlock sign-in? Failed sign-in attempts will no longer slow this member down, from any address. Do this only when you know who made them.',
} as const;
