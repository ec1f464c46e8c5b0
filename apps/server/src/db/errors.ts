/** Recognising database errors that mean "bad input" rather than "bug". */

interface PostgresError {
  code?: string;
  constraint?: string;
}

function findPostgresError(error: unknown): PostgresError | undefined {
  // Drizzle wraps driver errors; the driver's error (with the SQLSTATE code) is the cause.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PostgresError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** True for a unique violation (23505), optionally on the named constraint or index only. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const postgresError = findPostgresError(error);
  return postgresError?.code === '23505' && (!constraint || postgresError.constraint === constraint);
}

/** The constraint a unique violation broke, if any. */
export function violatedConstraint(error: unknown): string | undefined {
  const postgresError = findPostgresError(error);
  return postgresError?.code === '23505' ? postgresError.constraint : undefined;
}
