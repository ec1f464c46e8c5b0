/**
 * Error codes the API sends in `{ error, code }`. The server maps each code to one HTTP status;
 * the web client branches on the code, never on the text.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  TOKEN_MISSING: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_MALFORMED: 401,
  TOKEN_INVALID: 401,
  INVALID_CREDENTIALS: 401,
  REFRESH_TOKEN_INVALID: 401,
  CURRENT_PASSWORD_INCORRECT: 400,
  /** A password reset or setup link that is unknown, already used, or past its hour. */
  RESET_LINK_INVALID: 400,
  RESET_LINK_USED: 400,
  RESET_LINK_EXPIRED: 400,
  ACCOUNT_DEACTIVATED: 403,
  FORBIDDEN: 403,
  REGISTRATION_CLOSED: 403,
  /** A password sign-in or reset of a member whose department requires single sign-on. */
  SINGLE_SIGN_ON_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A spreadsheet that is well formed but too big or too slow to read (more rows, columns or cells than allowed). */
  SPREADSHEET_TOO_LARGE: 422,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error response. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  /** Per-field messages for a validation error, keyed by dotted path. */
  fields?: Record<string, string>;
  /** Further machine-readable facts, e.g. `retryAfterSeconds` or a conflict's existing record. */
  [extra: string]: unknown;
}

/** The token codes on which the web client decides to refresh or to sign out. */
export const TOKEN_ERROR_CODES = ['TOKEN_MISSING', 'TOKEN_EXPIRED', 'TOKEN_MALFORMED', 'TOKEN_INVALID'] as const;

/**
 * A token is malformed when it is shorter than 10 characters or has no dot;
 * such a token is cleared without trying to refresh.
 */
export function isMalformedToken(token: string | null | undefined): boolean {
  return !token || token.length < 10 || !token.includes('.');
}
