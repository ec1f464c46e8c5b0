/**
 * One check of every request's input before a route sees it (security finding 10): text that
 * PostgreSQL refuses (a NUL character, a lone UTF-16 surrogate) is a 400 here, not a 500 from the
 * database; a multipart request must name its boundary (415 otherwise), so the upload parser never
 * fails on it. Runs on the parsed body, query and address parameters of every route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

function isUnstorable(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}

export const INPUT_CHECK_MESSAGES = {
  unstorableText: 'The request contains a character that cannot be stored (a NUL or an unpaired surrogate).',
  multipartBoundary: 'A multipart request must name its boundary (Content-Type: multipart/form-data; boundary=...).',
} as const;

/** The first string (value or key) in `input` that cannot be stored, found without recursion. */
export function findUnstorableText(input: unknown): string | undefined {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (isUnstorable(value)) return value;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return key;
        pending.push(item);
      }
    }
  }
  return undefined;
}

function checkRequestInput(request: FastifyRequest): void {
  const contentType = request.headers['content-type'];
  if (
    typeof contentType === 'string' &&
    /^\s*multipart\//i.test(contentType) &&
    !/;\s*boundary\s*=\s*("[^"]+"|[^\s;]+)/i.test(contentType)
  ) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', INPUT_CHECK_MESSAGES.multipartBoundary);
  }
  for (const part of [request.params, request.query, request.body]) {
    if (findUnstorableText(part) !== undefined) throw new AppError('BAD_REQUEST', INPUT_CHECK_MESSAGES.unstorableText);
  }
}

export function registerInputCheck(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before the route's schema and handler.
  // A callback hook, not an async one: it runs on every request, and a promise per request is
  // measurable on the polled reads (docs/performance.md).
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestInput(request);
      done();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
