/**
 * The one HTTP client of the web app (docs/api.md). Every call goes to `/api` as JSON with
 * a 10-second limit and the stored bearer token, and every failure becomes an `ApiError` carrying
 * the server's `{ error, code }`. On a 401 it applies the spec's rules: a malformed token signs the
 * member out at once; any other rejected token is renewed with ONE shared refresh call and the request
 * is retried once; if that fails the member is signed out. Signing out here only clears the tokens
 * and tells the registered session-ended handler, so the UI decides where to go.
 */
import { ERROR_STATUS, type ErrorCode, LIMITS, refreshResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { recordServerDate } from './server-clock.ts';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './token-storage.ts';

export const API_BASE_PATH = '/api';

/** What the member reads when the failure was noticed in the browser rather than sent by the server. */
export const CLIENT_ERROR_MESSAGES = {
  timeout: 'The server took too long to answer. Please try again.',
  network: 'Could not reach the server. Check your connection and try again.',
  invalidResponse: 'The server sent an answer the app could not read. Please try again.',
} as const;

/** Failures the client detects itself, named like the server's codes so callers branch the same way. */
export type ClientErrorCode = 'REQUEST_TIMEOUT' | 'NETWORK_ERROR' | 'INVALID_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode | undefined;
  message: string;
  serverMessage?: string | undefined;
  body?: Record<string, unknown> | null;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status of the answer; 0 when none arrived (timeout or network failure). */
  readonly status: number;
  /** The server's error code, or the client's own for failures without an answer. */
  readonly code: ApiErrorCode | undefined;
  /** The server's own error text, which screens show before any fallback. */
  readonly serverMessage: string | undefined;
  /** The parsed error body (with `message` copied to `error` when only `message` was sent), or null. */
  readonly body: Record<string, unknown> | null;

  constructor({ status, code, message, serverMessage, body = null }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** A 4xx answer: the server looked at the request and said no; asking again will not change that. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The text to show for a failed call: the server's words first, then the screen's own fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage !== undefined) return error.serverMessage;
  // With no answer at all, saying so (timeout, offline) helps more than a generic fallback.
  return error.status === 0 ? error.message : fallback;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON-serialisable value, or FormData for file uploads (sent as multipart). */
  body?: unknown;
  /** Cancels the call, e.g. React Query's signal when a query is no longer needed. */
  signal?: AbortSignal;
  /** Send the stored access token. Off for calls made before a session exists (sign-in, refresh). */
  withToken?: boolean;
  /** Apply the 401 rules. Off for the auth calls themselves so a refresh can never trigger a refresh. */
  recoverSession?: boolean;
}

let sessionEndedHandler: (() => void) | null = null;

/**
 * Registers what happens after the client has signed the member out (tokens already cleared); the
 * auth provider uses it to send the member to /login. Returns a function that removes the handler.
 */
export function setSessionEndedHandler(handler: () => void): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

/**
 * Calls the API and returns the response body, checked against `schema` when one is given.
 * Throws `ApiError` for every failure except a cancellation through `signal`.
 */
export function apiRequest<Schema extends z.ZodType>(
  path: string,
  options: ApiRequestOptions & { schema: Schema },
): Promise<z.output<Schema>>;
export function apiRequest(path: string, options?: ApiRequestOptions): Promise<unknown>;
export async function apiRequest(
  path: string,
  options: ApiRequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { withToken = true, recoverSession = true } = options;
  const tokenSent = withToken ? getAccessToken() : null;
  let answer = await send(path, options, tokenSent);
  if (answer.status === 401 && recoverSession && tokenSent !== null) {
    answer = await recoverFromRejectedToken(path, options, tokenSent, answer);
  }
  if (!answer.ok) throw toApiError(answer);
  if (options.schema === undefined) return answer.data;

  const parsed = options.schema.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected response from ${path}`, parsed.error.issues);
  throw new ApiError({
    status: answer.status,
    code: 'INVALID_RESPONSE',
    message: CLIENT_ERROR_MESSAGES.invalidResponse,
  });
}

/** A file the API answered with (an export), and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  fileName: string | null;
}

/**
 * Calls an endpoint that answers with a file (an .xlsx export) rather than JSON, with the same
 * token, time limit and 401 rules as `apiRequest`. A failure is still a JSON `{ error, code }`, and
 * becomes the same `ApiError`.
 */
export async function apiDownload(
  path: string,
  options: Omit<ApiRequestOptions, 'withToken' | 'recoverSession'> = {},
): Promise<DownloadedFile> {
  const sendOptions: SendOptions = { ...options, expectFile: true };
  const tokenSent = getAccessToken();
  let answer = await send(path, sendOptions, tokenSent);
  if (answer.status === 401 && tokenSent !== null) {
    answer = await recoverFromRejectedToken(path, sendOptions, tokenSent, answer);
  }
  if (!answer.ok) throw toApiError(answer);
  if (answer.file === undefined) {
    throw new ApiError({
      status: answer.status,
      code: 'INVALID_RESPONSE',
      message: CLIENT_ERROR_MESSAGES.invalidResponse,
    });
  }
  return answer.file;
}

/**
 * The file name of a Content-Disposition header: the RFC 6266 `filename*` (UTF-8, percent-encoded)
 * when present, since it carries names `filename` cannot, else the plain `filename`.
 */
export function readFileNameFromContentDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended !== undefined) {
    const encoded = extended.replace(/^"(.*)"$/, '$1').replace(/^[\w-]*'[^']*'/, '');
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded !== '') return decoded;
    } catch {
      // A malformed encoding: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain === null) return null;
  const name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '')).trim();
  return name === '' ? null : name;
}

interface HttpAnswer {
  status: number;
  ok: boolean;
  /** Parsed JSON, raw text when the body is not JSON, undefined when empty. */
  data: unknown;
  /** The body of a successful file download. */
  file?: DownloadedFile;
}

interface SendOptions extends ApiRequestOptions {
  /** Read a successful answer as a file instead of JSON (errors are still JSON). */
  expectFile?: boolean;
}

async function send(path: string, options: SendOptions, token: string | null): Promise<HttpAnswer> {
  const headers = new Headers({ Accept: options.expectFile ? '*/*' : 'application/json' });
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  // One controller for both the time limit and the caller's cancel (AbortSignal.any is missing
  // from Safari before 17.4, which station tablets may still run).
  const controller = new AbortController();
  let hasTimedOut = false;
  const timer = setTimeout(() => {
    hasTimedOut = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);
  try {
    const sentAtMs = Date.now();
    const response = await fetch(`${API_BASE_PATH}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
    // Turn countdowns run on the server's clock; every answer's Date header helps estimate it.
    recordServerDate(response.headers.get('Date'), sentAtMs, Date.now());
    // Reading the body stays inside the time limit: a stalled body is as bad as a stalled answer.
    if (options.expectFile && response.ok) {
      const fileName = readFileNameFromContentDisposition(response.headers.get('Content-Disposition'));
      return { status: response.status, ok: true, data: undefined, file: { blob: await response.blob(), fileName } };
    }
    const text = await response.text();
    return { status: response.status, ok: response.ok, data: parseBody(text) };
  } catch (error) {
    if (hasTimedOut) {
      throw new ApiError({ status: 0, code: 'REQUEST_TIMEOUT', message: CLIENT_ERROR_MESSAGES.timeout });
    }
    // A cancelled call is not a failure to report: rethrow so React Query recognises the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: CLIENT_ERROR_MESSAGES.network });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function toApiError({ status, data }: HttpAnswer): ApiError {
  // Only a JSON object is an error body; an HTML error page from a proxy is not text to show anyone.
  if (!isRecord(data)) {
    return new ApiError({ status, code: undefined, message: `Request failed with status ${status}` });
  }
  const serverMessage = readText(data.error) ?? readText(data.message);
  return new ApiError({
    status,
    code: isErrorCode(data.code) ? data.code : undefined,
    message: serverMessage ?? `Request failed with status ${status}`,
    serverMessage,
    body: serverMessage === undefined ? data : { ...data, error: serverMessage },
  });
}

function isMalformedTokenError(error: ApiError): boolean {
  if (error.code === 'TOKEN_MALFORMED') return true;
  const text = error.serverMessage?.toLowerCase() ?? '';
  return text.includes('malformed') || text.includes('invalid refresh token format');
}

async function recoverFromRejectedToken(
  path: string,
  options: SendOptions,
  rejectedToken: string,
  rejection: HttpAnswer,
): Promise<HttpAnswer> {
  // A malformed token cannot be renewed: refreshing would only fail again.
  if (isMalformedTokenError(toApiError(rejection))) {
    endSession();
    return rejection;
  }
  if (!(await renewTokens(rejectedToken))) {
    endSession();
    return rejection;
  }
  const retried = await send(path, options, getAccessToken());
  // Rejected even with fresh tokens: the session cannot be saved, so it ends rather than loops.
  if (retried.status === 401) endSession();
  return retried;
}

let pendingRenewal: Promise<boolean> | null = null;

/**
 * Resolves true once the stored pair is newer than `rejectedToken`. Requests rejected together share
 * one refresh call, and a request whose 401 arrives after another renewed the pair just retries.
 */
function renewTokens(rejectedToken: string): Promise<boolean> {
  const currentToken = getAccessToken();
  if (currentToken === null) return Promise.resolve(false);
  if (currentToken !== rejectedToken) return Promise.resolve(true);
  pendingRenewal ??= requestNewTokens().finally(() => {
    pendingRenewal = null;
  });
  return pendingRenewal;
}

async function requestNewTokens(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (refreshToken === null) return false;
  try {
    const tokens = await apiRequest('/auth/refresh', {
      method: 'POST',
      body: { refreshToken },
      schema: refreshResponseSchema,
      withToken: false,
      recoverSession: false,
    });
    storeTokens(tokens);
    return true;
  } catch (error) {
    console.error('The session could not be renewed', error);
    return false;
  }
}

function endSession(): void {
  clearTokens();
  sessionEndedHandler?.();
}
