import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN, REFRESH_TOKEN } from '../test/fixtures.ts';
import { jsonResponse, mockApi } from '../test/mock-api.ts';
import { apiDownload, readFileNameFromContentDisposition, setSessionEndedHandler } from './api-client.ts';
import { getAccessToken, storeTokens } from './token-storage.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NEW_TOKENS = { token: 'header.payload.renewed', refreshToken: 'refresh-token-renewed-0001' };

function fileResponse(contentDisposition: string | null, bytes = 'PK-spreadsheet'): Response {
  const headers = new Headers({ 'Content-Type': XLSX_TYPE });
  if (contentDisposition !== null) headers.set('Content-Disposition', contentDisposition);
  // A string body: jsdom's Blob cannot feed a Response (it has no stream()).
  return new Response(bytes, { status: 200, headers });
}

describe('readFileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="Spring_Bid_2026-03-01.xlsx"', 'Spring_Bid_2026-03-01.xlsx'],
    ['attachment; filename=results.xlsx', 'results.xlsx'],
    ['attachment; filename="say \\"hi\\".xlsx"', 'say "hi".xlsx'],
    // The extended form wins, and carries characters the plain one cannot.
    ['attachment; filename="Bid.xlsx"; filename*=UTF-8\'\'Fr%C3%BChjahr%20Bid.xlsx', 'Frühjahr Bid.xlsx'],
    ["attachment; filename*=utf-8'en'Spring%20Bid.xlsx", 'Spring Bid.xlsx'],
    // A broken encoding falls back to the plain name.
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.xlsx; filename="plain.xlsx"', 'plain.xlsx'],
  ])('reads %s', (header, expected) => {
    expect(readFileNameFromContentDisposition(header)).toBe(expected);
  });

  it('answers null when there is no name', () => {
    expect(readFileNameFromContentDisposition(null)).toBeNull();
    expect(readFileNameFromContentDisposition('attachment')).toBeNull();
    expect(readFileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('apiDownload', () => {
  const onSessionEnded = vi.fn();
  let removeHandler: () => void = () => undefined;

  beforeEach(() => {
    storeTokens({ token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN });
    onSessionEnded.mockClear();
    removeHandler = setSessionEndedHandler(onSessionEnded);
  });

  afterEach(() => removeHandler());

  it('posts with the bearer token and returns the file with the name the server gave it', async () => {
    const api = mockApi({
      'POST /api/bid-sessions/s1/export': () => fileResponse('attachment; filename="Spring Bid 2026.xlsx"'),
    });

    const file = await apiDownload('/bid-sessions/s1/export', { method: 'POST' });

    expect(file.fileName).toBe('Spring Bid 2026.xlsx');
    expect(file.blob.type).toBe(XLSX_TYPE);
    expect(await file.blob.text()).toBe('PK-spreadsheet');
    expect(api.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('gives a null name when the server sent none', async () => {
    mockApi({ 'POST /api/export': () => fileResponse(null) });
    await expect(apiDownload('/export', { method: 'POST' })).resolves.toMatchObject({ fileName: null });
  });

  it('turns a JSON refusal into an ApiError with the server text', async () => {
    mockApi({
      'POST /api/export': () => jsonResponse(409, { error: 'Cannot export this session', code: 'CONFLICT' }),
    });

    await expect(apiDownload('/export', { method: 'POST' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      serverMessage: 'Cannot export this session',
    });
  });

  it('renews an expired token and retries, like every other call', async () => {
    const api = mockApi({
      'POST /api/export': (request) =>
        request.headers.get('Authorization') === `Bearer ${NEW_TOKENS.token}`
          ? fileResponse('attachment; filename="after-refresh.xlsx"')
          : jsonResponse(401, { code: 'TOKEN_EXPIRED', error: 'expired' }),
      'POST /api/auth/refresh': () => jsonResponse(200, NEW_TOKENS),
    });

    const file = await apiDownload('/export', { method: 'POST' });

    expect(file.fileName).toBe('after-refresh.xlsx');
    expect(api.requestsTo('POST /api/export')).toHaveLength(2);
    expect(getAccessToken()).toBe(NEW_TOKENS.token);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
