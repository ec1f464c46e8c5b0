import { DEFAULT_NOTIFICATION_FLAGS, timeZoneAbbreviation } from '@stationbid/domain';
import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  body: unknown;
  /** The multipart body of an upload, e.g. to check which file was sent; null otherwise. */
  formData: FormData | null;
  headers: Headers;
  signal: AbortSignal | null;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function readPath(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.pathname : input.url;
}

/**
 * Replaces fetch with `handlers`, keyed "METHOD /api/path". Every request is recorded; one without a
 * handler answers 501 and lands in `unhandled`, so a test can show the app made no surprise calls.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: MockRequest = {
      method: init.method ?? 'GET',
      path: readPath(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      formData: init.body instanceof FormData ? init.body : null,
      headers: new Headers(init.headers),
      signal: init.signal ?? null,
    };
    requests.push(request);
    const key = `${request.method} ${request.path}`;
    const handler = handlers[key];
    if (handler === undefined) {
      unhandled.push(key);
      return jsonResponse(501, { error: `No mock for ${key}`, code: 'INTERNAL_ERROR' });
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    unhandled,
    /** The recorded requests to one endpoint, e.g. `requestsTo('POST /api/auth/refresh')`. */
    requestsTo: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/** GET /api/department-settings answering `timeZone` as the department's zone (issue 16). */
export function departmentSettingsApi(timeZone: string): Record<string, MockHandler> {
  return {
    'GET /api/department-settings': () =>
      jsonResponse(200, {
        timeZone,
        timeZoneAbbreviation: timeZoneAbbreviation(timeZone),
        source: 'setting',
        defaultTimeZone: timeZone,
        updatedAt: null,
      }),
  };
}

/**
 * GET /api/notifications/preferences: the defaults, no phone, and the one-time offer of texts and
 * phone notifications already answered unless a test asks for it (`isOfferPending`).
 */
export function notificationSettingsApi({ isOfferPending = false } = {}): Record<string, MockHandler> {
  return {
    'GET /api/notifications/preferences': () =>
      jsonResponse(200, { preferences: DEFAULT_NOTIFICATION_FLAGS, phoneNumber: null, isOfferPending }),
  };
}

/** A promise with its resolve exposed, to hold a request open while a test looks at the waiting UI. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
