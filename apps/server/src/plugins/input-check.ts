/**
 * One check of every request's input before a route sees it (security finding 10): text that
 * PostgreSQL refuses (a NUL character, a lone UTF-16 surrogate) is a 400 here, not a 500 from the
 * database; a multipart request must name its boundary (415 otherwise), so the upload parser never
 * fails on it. Runs on the parsed body, query and address parameters of every route.
 *
 * JSON bodies are parsed by Fastify's own parser (secure-json-parse, prototype poisoning refused)
 * after one linear pass that refuses nesting deeper than MAX_JSON_DEPTH: a 1 MB
 * body of 500,000 brackets cost about 0.8 s of the event loop, before any sign-in, to parse and
 * walk. Neither Fastify nor secure-json-parse has a depth limit of its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

function isUnstorable(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}

/** Deepest nesting of arrays and objects a JSON body may have; the API's bodies use fewer than 5. */
export const MAX_JSON_DEPTH = 32;

export const INPUT_CHECK_MESSAGES = {
  jsonTooDeep: `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; no request needs that many. Send a flatter JSON body.`,
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

/**
 * Whether the JSON text opens more than `maxDepth` arrays or objects inside one another (brackets in
 * strings do not count). One pass over the text, stopping at the first bracket too deep; text that
 * is not JSON is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isInString) {
      // A backslash escapes the next character (a quote, or a backslash); \uXXXX holds no quote.
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) isInString = false;
    } else if (code === QUOTE) {
      isInString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Replaces the application/json parser with Fastify's own behind the depth check. A route's
 * onRequest hooks (requireMember, requireAdmin) run before the body is read, so a caller without
 * a token never gets this far; on the public routes (sign-in) it comes before any password check.
 */
function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A string, as asked for (parseAs); typed as either.
    const text = body.toString();
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', INPUT_CHECK_MESSAGES.jsonTooDeep), undefined);
      return;
    }
    parseJson(request, text, done);
  });
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
  registerJsonBodyParser(app);
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
