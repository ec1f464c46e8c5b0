import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ACCESS_TOKEN, REFRESH_TOKEN } from '../test/fixtures.ts';
import { deferred, jsonResponse, mockApi } from '../test/mock-api.ts';
import { ApiError, apiRequest, getErrorMessage, setSessionEndedHandler } from './api-client.ts';
import { getAccessToken, getRefreshToken, storeTokens } from './token-storage.ts';

const NEW_TOKENS = { token: 'header.payload.renewed', refreshToken: 'refresh-token-renewed-0001' };
const greetingSchema = z.object({ greeting: z.string() });

function bearerOf(request: { headers: Headers }): string | null {
  return request.headers.get('Authorization');
}

describe('apiRequest', () => {
  const onSessionEnded = vi.fn();
  let removeHandler: () => void = () => undefined;

  beforeEach(() => {
    storeTokens({ token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN });
    onSessionEnded.mockClear();
    removeHandler = setSessionEndedHandler(onSessionEnded);
  });

  afterEach(() => removeHandler());

  it('sends JSON to /api with the bearer token and returns the body checked by the schema', async () => {
    const api = mockApi({ 'POST /api/greetings': () => jsonResponse(200, { greeting: 'hello', extra: true }) });

    const result = await apiRequest('/greetings', { method: 'POST', body: { name: 'Alex' }, schema: greetingSchema });

    expect(result).toEqual({ greeting: 'hello' });
    const [request] = api.requests;
    expect(request?.body).toEqual({ name: 'Alex' });
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request && bearerOf(request)).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('turns an error body into an ApiError with status, code, message and body', async () => {
    mockApi({ 'GET /api/things': () => jsonResponse(409, { error: 'Already exists', code: 'CONFLICT', id: 7 }) });

    const error = await apiRequest('/things').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Already exists',
      serverMessage: 'Already exists',
      body: { error: 'Already exists', code: 'CONFLICT', id: 7 },
    });
  });

  it('copies `message` to `error` when the body has no error text', async () => {
    mockApi({ 'GET /api/things': () => jsonResponse(400, { message: 'Station number is required' }) });

    const error = await apiRequest('/things').catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      message: 'Station number is required',
      body: { error: 'Station number is required', message: 'Station number is required' },
    });
    expect(getErrorMessage(error, 'Failed to create station')).toBe('Station number is required');
  });

  it('falls back to the screen message when the server sent no text', async () => {
    mockApi({ 'GET /api/things': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    const error = await apiRequest('/things').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, code: undefined, serverMessage: undefined, body: null });
    expect(getErrorMessage(error, 'Failed to load stations')).toBe('Failed to load stations');
    expect(getErrorMessage(new Error('boom'), 'Failed to load stations')).toBe('Failed to load stations');
  });

  it('reports an answer that does not match the schema as INVALID_RESPONSE', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/greetings': () => jsonResponse(200, { greeting: 42 }) });

    await expect(apiRequest('/greetings', { schema: greetingSchema })).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });

  it('gives up after 10 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    mockApi({
      'GET /api/slow': ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });

    const request = apiRequest('/slow');
    const onSettled = vi.fn();
    request.then(onSettled, onSettled);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(onSettled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(request).rejects.toMatchObject({
      status: 0,
      code: 'REQUEST_TIMEOUT',
      message: 'The server took too long to answer. Please try again.',
    });
  });

  it('passes a cancellation by the caller through untouched', async () => {
    mockApi({
      'GET /api/slow': ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    const controller = new AbortController();

    const request = apiRequest('/slow', { signal: controller.signal });
    controller.abort();

    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports an unreachable server as a network error and shows that text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await apiRequest('/things').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(getErrorMessage(error, 'Failed to load users')).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  describe('401 rules', () => {
    it.each([
      ['the TOKEN_MALFORMED code', { error: 'Your sign-in token is malformed.', code: 'TOKEN_MALFORMED' }],
      ['"malformed" in the text', { error: 'jwt malformed' }],
      ['"Invalid refresh token format" in the text', { message: 'Invalid refresh token format' }],
    ])('signs out without refreshing on %s', async (_, body) => {
      const api = mockApi({ 'GET /api/things': () => jsonResponse(401, body) });

      await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });

      expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(0);
      expect(getAccessToken()).toBeNull();
      expect(getRefreshToken()).toBeNull();
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    });

    it('renews an expired token once and retries the request with the new one', async () => {
      const api = mockApi({
        'GET /api/things': (request) =>
          bearerOf(request) === `Bearer ${NEW_TOKENS.token}`
            ? jsonResponse(200, { greeting: 'retried' })
            : jsonResponse(401, { error: 'Your session has expired.', code: 'TOKEN_EXPIRED' }),
        'POST /api/auth/refresh': () => jsonResponse(200, NEW_TOKENS),
      });

      await expect(apiRequest('/things', { schema: greetingSchema })).resolves.toEqual({ greeting: 'retried' });

      const refreshCalls = api.requestsTo('POST /api/auth/refresh');
      expect(refreshCalls).toHaveLength(1);
      expect(refreshCalls[0]?.body).toEqual({ refreshToken: REFRESH_TOKEN });
      expect(refreshCalls[0] && bearerOf(refreshCalls[0])).toBeNull();
      expect(api.requestsTo('GET /api/things')).toHaveLength(2);
      expect(getAccessToken()).toBe(NEW_TOKENS.token);
      expect(getRefreshToken()).toBe(NEW_TOKENS.refreshToken);
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it('shares one refresh call between requests rejected at the same time', async () => {
      const refreshAnswer = deferred<Response>();
      const api = mockApi({
        'GET /api/first': (request) =>
          bearerOf(request) === `Bearer ${NEW_TOKENS.token}`
            ? jsonResponse(200, { greeting: 'first' })
            : jsonResponse(401, { code: 'TOKEN_EXPIRED', error: 'expired' }),
        'GET /api/second': (request) =>
          bearerOf(request) === `Bearer ${NEW_TOKENS.token}`
            ? jsonResponse(200, { greeting: 'second' })
            : jsonResponse(401, { code: 'TOKEN_EXPIRED', error: 'expired' }),
        'POST /api/auth/refresh': () => refreshAnswer.promise,
      });

      const both = Promise.all([
        apiRequest('/first', { schema: greetingSchema }),
        apiRequest('/second', { schema: greetingSchema }),
      ]);
      await vi.waitFor(() => expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(1));
      refreshAnswer.resolve(jsonResponse(200, NEW_TOKENS));

      await expect(both).resolves.toEqual([{ greeting: 'first' }, { greeting: 'second' }]);
      expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(1);
    });

    it('signs out when the refresh fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const api = mockApi({
        'GET /api/things': () => jsonResponse(401, { code: 'TOKEN_EXPIRED', error: 'expired' }),
        'POST /api/auth/refresh': () =>
          jsonResponse(401, { code: 'REFRESH_TOKEN_INVALID', error: 'Invalid refresh token.' }),
      });

      await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });

      expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(1);
      expect(api.requestsTo('GET /api/things')).toHaveLength(1);
      expect(getAccessToken()).toBeNull();
      expect(getRefreshToken()).toBeNull();
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    });

    it('signs out when the retried request is rejected again', async () => {
      const api = mockApi({
        'GET /api/things': () => jsonResponse(401, { code: 'TOKEN_INVALID', error: 'invalid' }),
        'POST /api/auth/refresh': () => jsonResponse(200, NEW_TOKENS),
      });

      await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });

      expect(api.requestsTo('GET /api/things')).toHaveLength(2);
      expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(1);
      expect(getAccessToken()).toBeNull();
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    });

    it('never refreshes for calls that opt out, such as sign-in', async () => {
      const api = mockApi({
        'POST /api/auth/login': () =>
          jsonResponse(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
      });

      const error = await apiRequest('/auth/login', {
        method: 'POST',
        body: { email: 'a@b.co', password: 'wrong-password' },
        withToken: false,
        recoverSession: false,
      }).catch((caught: unknown) => caught);

      expect(getErrorMessage(error, 'Login failed')).toBe('Invalid email or password');
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0] && bearerOf(api.requests[0])).toBeNull();
      expect(getAccessToken()).toBe(ACCESS_TOKEN);
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it('does not refresh when the rejected request carried no token', async () => {
      localStorage.clear();
      const api = mockApi({ 'GET /api/things': () => jsonResponse(401, { code: 'TOKEN_MISSING', error: 'Sign in.' }) });

      await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401, code: 'TOKEN_MISSING' });

      expect(api.requests).toHaveLength(1);
      expect(onSessionEnded).not.toHaveBeenCalled();
    });
  });
});
