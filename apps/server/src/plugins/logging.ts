/**
 * What the server writes to its log, and how (issue 13, finding 9):
 * - Secrets never reach it: the live-stream ticket and token-like query values, and the token in a
 *   password reset path, are replaced by `[redacted]` in logged URLs; an error's SQL parameters
 *   (which hold e-mails, password hashes and tokens) are left out, and so is the database's
 *   `detail`, which repeats values.
 * - One line per request only when asked for: request lines are written at `debug`, or at `info`
 *   with LOG_REQUESTS=1, so an ordinary log shows what happened, not every poll.
 * - Readable in development: pino-pretty (a dev dependency) when not in production and stdout is a
 *   terminal; JSON lines otherwise, for a log collector.
 */
import { createRequire } from 'node:module';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters whose values are credentials. */
const SECRET_QUERY_KEYS = new Set(['ticket', 'token', 'access_token', 'refreshtoken', 'refresh_token', 'code']);

/** Paths whose last segment is a credential: a password reset or setup link's token, a calendar feed's token. */
const SECRET_PATH = /^(\/api\/auth\/reset-password\/|\/reset-password\/|\/api\/calendar\/)[^/?#]+/;

/** A URL as it may be logged: secret query values and a reset link's token replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [key = '', ...value] = pair.split('=');
      const name = safeDecode(key).toLowerCase();
      return value.length > 0 && SECRET_QUERY_KEYS.has(name) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** drizzle's "Failed query: ...\nparams: a,b,c", up to the stack's first frame. */
const SQL_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/** Properties of database errors that carry the values of a query. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'detail']);

/**
 * An error as it may be logged: its type, message, stack, code and other facts, without SQL
 * parameters or the values a database error repeats; its cause likewise.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const serialized: Record<string, unknown> = {
    type: error.constructor.name,
    message: error.message.replace(SQL_PARAMS, `\nparams: ${REDACTED}`),
    stack: error.stack?.replace(SQL_PARAMS, `\nparams: ${REDACTED}`),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in serialized) continue;
    serialized[key] = VALUE_PROPERTIES.has(key) ? REDACTED : value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** serializeError in the shape Fastify's logger options ask for. */
function logSerializedError(error: Error) {
  const serialized = serializeError(error);
  return {
    ...serialized,
    type: String(serialized.type),
    message: String(serialized.message),
    stack: String(serialized.stack ?? ''),
  };
}

export interface LoggerSettings {
  level: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** Whether stdout is a terminal (a person reading), not a pipe to a collector. */
  isTerminal: boolean;
}

/** The pino options of the server process's logger. */
export function buildLoggerOptions(settings: LoggerSettings): Exclude<FastifyServerOptions['logger'], boolean> {
  return {
    level: settings.level,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.refreshToken'],
    serializers: { err: logSerializedError, error: logSerializedError, req: serializeRequest },
    ...(settings.nodeEnv !== 'production' && settings.isTerminal && isPrettyPrinterInstalled()
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

/** pino-pretty is a dev dependency: a production install has none, and writes JSON. */
function isPrettyPrinterInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's request lines, reworked: no "incoming request" line, one "request completed" line per
 * answer at `level` (`debug`, or `info` with LOG_REQUESTS=1) with the URL redacted, and unknown
 * routes at `debug`. Errors stay at `error`; their request is logged through the `req` serializer,
 * which redacts the URL too.
 */
/** pino's loggers say whether a level is written; Fastify's base type leaves it out. */
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

export function createRequestLogController(level: 'debug' | 'info'): LogController {
  class RequestLogController extends LogController {
    override incomingRequest(): void {}

    override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
      if (error) {
        reply.log.error({ err: error, statusCode: reply.statusCode }, 'request errored');
        return;
      }
      // The line is off in an ordinary log: skip building it (and redacting its URL) on every poll.
      if ((reply.log as LevelAwareLogger).isLevelEnabled?.(level) === false) return;
      reply.log[level](
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    }

    override routeNotFound(request: FastifyRequest): void {
      request.log.debug({ method: request.method, url: redactUrl(request.url) }, 'route not found');
    }
  }
  return new RequestLogController();
}

/** The request as an error line logs it: method and redacted URL, no headers. */
function serializeRequest(request: { method?: string; url?: string; ip?: string }) {
  return { method: request.method, url: redactUrl(request.url ?? ''), remoteAddress: request.ip };
}
