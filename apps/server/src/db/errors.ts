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

/** Node's socket errors: the database server cannot be reached, or the connection broke. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that is there but will not serve: class 08 (connection exception),
 * 57P01-57P03 (administrator or crash shutdown, not accepting connections yet), 53300 (too many
 * connections), 3D000 (the database does not exist), 28000 and 28P01 (the sign-in was refused).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|3D000|28000|28P01)$/;

/** Messages of node-postgres, pg-pool and PGlite that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];

/**
 * The database did not answer within a caller's limit (a probe must not hang with a hung
 * database). Counts as unavailable.
 */
export class DatabaseTimeoutError extends Error {
  constructor(public readonly timeoutMs: number) {
    super(`the database did not answer within ${timeoutMs / 1000} s`);
    this.name = 'DatabaseTimeoutError';
  }
}

interface ErrorFacts {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error, its causes (drizzle wraps the driver's error) and an AggregateError's parts. */
function errorChain(error: unknown): ErrorFacts[] {
  const chain: ErrorFacts[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const facts = current as ErrorFacts;
    chain.push(facts);
    // Node reports a refused connection to every address of a host (::1 and 127.0.0.1) as one
    // AggregateError with an empty message; its parts say what happened.
    if (Array.isArray(facts.errors)) {
      chain.push(...facts.errors.filter((part): part is ErrorFacts => Boolean(part) && typeof part === 'object'));
    }
    current = facts.cause;
  }
  return chain;
}

/**
 * True when the error means "the database cannot be reached or will not serve right now" (refused
 * or broken connection, shutdown, PGlite closed), not "this query is wrong": such a failure is an
 * outage to report once and answer 503, not a bug to log with its stack.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((facts) => {
    if (facts instanceof DatabaseTimeoutError) return true;
    const code = typeof facts.code === 'string' ? facts.code : '';
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    const message = typeof facts.message === 'string' ? facts.message : '';
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/**
 * What the database or its driver said, without the query: drizzle's own message ("Failed query:
 * ... params: ...") repeats the SQL and its values, so the driver's error beneath it is told
 * instead. `code` is a SQLSTATE or a Node error code such as ECONNREFUSED, when there is one.
 */
export function describeDatabaseError(error: unknown): { code: string | undefined; message: string } {
  const chain = errorChain(error);
  const isQueryText = (message: string) => message.startsWith('Failed query:');
  const told = chain.filter(
    (facts) => typeof facts.message === 'string' && facts.message && !isQueryText(facts.message),
  );
  const withCode = chain.find((facts) => typeof facts.code === 'string' && facts.code !== '');
  const message = (told[0]?.message as string | undefined) ?? 'unknown database error';
  return { code: withCode?.code as string | undefined, message: message.split('\n')[0] ?? message };
}

/** A database URL as it may be printed: no password (also not one given as a parameter). */
export function printableDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, '[redacted]');
    }
    return parsed.toString();
  } catch {
    return '(DATABASE_URL, not a URL)';
  }
}

/**
 * One line that says why the server could not use DATABASE_URL at start-up and what to do, for the
 * errors a person can fix; undefined for any other error.
 */
export function describeDatabaseStartError(error: unknown, databaseUrl: string): string | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  const { code, message } = describeDatabaseError(error);
  let parsed: URL | undefined;
  try {
    parsed = new URL(databaseUrl);
  } catch {
    parsed = undefined;
  }
  const host = parsed?.hostname || 'localhost';
  const address = `${host}:${parsed?.port || '5432'}`;
  const database = decodeURIComponent(parsed?.pathname.replace(/^\//, '') ?? '') || 'postgres';
  const user = decodeURIComponent(parsed?.username ?? '') || 'the default user';
  const what = ((): string => {
    switch (code) {
      case 'ECONNREFUSED':
        return `connection refused at ${address}. Is PostgreSQL running and reachable there?`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `the host ${host} is not known. Check the host name in DATABASE_URL.`;
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'EHOSTDOWN':
      case 'ENETUNREACH':
        return `no answer from ${address}. Check the address, and any firewall between this machine and PostgreSQL.`;
      case '3D000':
        return `the database "${database}" does not exist. Create it (createdb ${database}) or fix its name in DATABASE_URL.`;
      case '28P01':
        return `PostgreSQL refused the password of user "${user}". Check the user and password in DATABASE_URL.`;
      case '28000':
        return `PostgreSQL refused user "${user}" (${message}). Allow it in pg_hba.conf, or use another user.`;
      case '57P03':
        return 'PostgreSQL is starting up or shutting down. Try again in a moment.';
      case '53300':
        return 'PostgreSQL has no connection left (too many connections). Raise max_connections or stop other clients.';
      default:
        return `${message}. Is PostgreSQL running and reachable at ${address}?`;
    }
  })();
  return `DATABASE_URL ${printableDatabaseUrl(databaseUrl)}: ${what}`;
}
