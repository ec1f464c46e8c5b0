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
  /**
   * The same answer whether or not the e-mail or employee ID already has an account, so it tells no
   * one who has an account: the owner of an existing one is told by e-mail instead of the caller.
   */
  registrationReceived:
    'Registration received. If this e-mail address and employee ID are not already in use, an administrator will check your details, set your rank and years of service, and activate your account; you can sign in after that. If either is already in use, a note has been sent to that account’s e-mail address.',
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

/** "N seconds" or "N minutes", as long as the wait really is (rounded up). */
function describeWait(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "Too many failed sign-in attempts. Try again in N seconds/minutes.", as long as the wait really is. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Try again in ${describeWait(retryAfterSeconds)}.`;
}

/**
 * A signed-in member's current password checked too often with a wrong one (the password change
 * and the e-mail change): a stolen session cannot guess it without limit.
 */
export function tooManyCurrentPasswordAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many wrong current passwords. Try again in ${describeWait(retryAfterSeconds)}, or reset your password from the sign-in page.`;
}

/** Too many registrations from one address, with the wait. */
export function tooManyRegistrationsMessage(retryAfterSeconds: number): string {
  return `Too many registrations from this address. Try again in ${describeWait(retryAfterSeconds)}.`;
}

/** An administrator's Unlock of a member's sign-in, so a locked-out member can sign in again at once. */
export const UNLOCK_MESSAGES = {
  unlocked: 'Sign-in unlocked. The member can sign in again at once, from any address.',
  confirm:
    'Unlock sign-in? Failed sign-in attempts will no longer slow this member down, from any address. Do this only when you know who made them.',
} as const;
