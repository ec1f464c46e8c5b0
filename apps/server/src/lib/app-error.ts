/**
 * The one error type that code throws for a refusal a person can act on. The error handler maps
 * its code to the HTTP status; the message is shown to the user as it is.
 */
import { ERROR_STATUS, type ErrorCode } from '@stationbid/domain';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields sent beside `error` and `code`, e.g. `{ retryAfterSeconds }`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError('CONFLICT', message, extra);
export const badRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError('BAD_REQUEST', message, extra);
