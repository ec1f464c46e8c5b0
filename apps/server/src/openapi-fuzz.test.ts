/**
 * A fuzz test driven by the OpenAPI document: for every operation, malformed address parameters,
 * queries, bodies and encodings (wrong types, huge strings, NUL, lone surrogates, deep nesting, a
 * wrong or missing content type, invalid JSON, unknown fields), as an administrator, a member and
 * nobody. No answer may be a 5xx, and none may hang. The seed is fixed (FUZZ_SEED overrides it)
 * and printed with any failure, so a failure replays; FUZZ_DEBUG=1 prints the answers by caller
 * and status, to see how deep the run went.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createStationWithSeats } from './modules/session-engine/test-sessions.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from './test/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS_PER_OPERATION = 14;
const ANSWER_TIMEOUT_MS = 10_000;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

let context: TestContext;
let admin: SignedIn;
let member: SignedIn;
let realIds: string[] = [];
let operations: Operation[] = [];
const histogram: Record<string, number> = {};

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  const memberRow = await createMember(context);
  member = await signIn(context, memberRow.email);
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
  const session = await createSession(context, admin, { participantIds: [memberRow.id], stationIds: [station.id] });
  realIds = [session.id, station.id, memberRow.id];
  const document = (await context.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyProperties: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
});
afterAll(async () => {
  await context?.close();
});

/** Values of the wrong type, size or encoding, and a few plausible ones so deeper code runs too. */
const nastyValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.string(),
    fc.string({ maxLength: 5 }).map((text) => `${text}\u0000${text}`),
    fc.constantFrom('\ud800', 'a\udc00b', '\ud83d\ude92', '\uffff', '\u202e'),
    fc.constant('x'.repeat(200_000)),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53 + 1, 1e308, -0),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom([], {}, [null], { $gt: '' }, { __proto__: { isAdmin: true } }),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.constantFrom('2026-13-45T99:99', '2026-03-01T09:00', '0000-00-00', 'Station 1', 'Day', '', ' '),
    fc.constantFrom('../../etc/passwd', "' or 1=1 --", '<script>', '%00', '\\', 'NaN', 'Infinity'),
    fc.uuid(),
    fc.constantFrom(...realIdsForArbitrary()),
  );

function realIdsForArbitrary(): string[] {
  // Filled before any run (beforeAll); a placeholder keeps constantFrom non-empty when built.
  return realIds.length > 0 ? realIds : [randomUUID()];
}

/** An address segment: encoded, except for broken encodings sent as they are. */
const pathValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.uuid(),
    fc.constantFrom(...realIdsForArbitrary()),
    fc.constantFrom('%ED%A0%80', '%00', '%', '%zz', '..', 'x'.repeat(5000), '-1', '1e400', 'null'),
    fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
  );

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

type BodyVariant = { payload?: string | Buffer; contentType?: string };

const bodyVariant = (operation: Operation): fc.Arbitrary<BodyVariant> => {
  const knownFields = operation.bodyProperties.length > 0 ? operation.bodyProperties : ['sessionId', 'name'];
  const objectBody = fc
    .dictionary(fc.constantFrom(...knownFields, 'unknownField', '__proto__', 'constructor'), nastyValue(), {
      maxKeys: 6,
    })
    .map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' }));
  return fc.oneof(
    { weight: 5, arbitrary: objectBody },
    fc.constantFrom<BodyVariant>(
      { payload: '{', contentType: 'application/json' },
      { payload: '{"a":', contentType: 'application/json' },
      { payload: 'nul', contentType: 'application/json' },
      { payload: '', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
      { payload: '[]', contentType: 'application/json' },
      { payload: '"text"', contentType: 'application/json' },
      { payload: '{"name":"a\\u0000b","sessionId":"\\u0000"}', contentType: 'application/json' },
      { payload: '{"\\ud800":1,"name":"\\udfff"}', contentType: 'application/json' },
      { payload: deepJson(5000, 'array'), contentType: 'application/json' },
      { payload: deepJson(3000, 'object'), contentType: 'application/json' },
      { payload: `{"name":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
      { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
      { payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00]), contentType: 'application/json' },
      { payload: 'name=x&number=1', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'plain text', contentType: 'text/plain' },
      { payload: '<a/>', contentType: 'application/xml' },
      { payload: 'garbage', contentType: 'multipart/form-data' },
      { payload: 'garbage', contentType: 'multipart/form-data; boundary=xyz' },
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
        contentType: 'multipart/form-data; boundary=xyz',
      },
      {
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname,number\r\n\u0000,\ud800\r\n--xyz--\r\n',
        contentType: 'multipart/form-data; boundary=xyz',
      },
      { payload: '{"a":1}', contentType: 'application/vnd.unknown+json' },
      { payload: '{"a":1}' },
    ),
  );
};

const requestArbitrary = (operation: Operation) =>
  fc.record({
    who: fc.constantFrom('admin', 'member', 'nobody'),
    pathValues: fc.array(pathValue(), {
      minLength: operation.pathParams.length,
      maxLength: operation.pathParams.length,
    }),
    query: fc.dictionary(
      fc.constantFrom(...operation.queryParams, 'unknown', 'limit', 'cursor', 'sessionId', 'a[b][c]'),
      pathValue(),
      { maxKeys: 3 },
    ),
    body: bodyVariant(operation),
  });

type FuzzRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function toInject(operation: Operation, request: FuzzRequest): InjectOptions {
  let url = operation.path;
  operation.pathParams.forEach((name, index) => {
    url = url.replace(`{${name}}`, request.pathValues[index] ?? '');
  });
  const query = Object.entries(request.query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
    .join('&');
  const options: InjectOptions = {
    method: operation.method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
  };
  if (operation.method !== 'GET' && operation.method !== 'HEAD') {
    options.payload = request.body.payload;
    if (request.body.contentType) options.headers = { 'content-type': request.body.contentType };
  }
  return options;
}

async function send(operation: Operation, request: FuzzRequest) {
  const options = toInject(operation, request);
  // Signing out would end the fuzzing sign-ins; that route gets nobody's request.
  const who = operation.path === '/api/auth/logout' ? 'nobody' : request.who;
  const answer =
    who === 'nobody' ? context.app.inject(options) : injectAs(context, who === 'admin' ? admin : member, options);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('OpenAPI fuzz (every operation, malformed input, no 5xx)', () => {
  it(`answers no 5xx and never hangs (seed ${SEED}, FUZZ_SEED to replay)`, { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(80);
    let requests = 0;
    for (const [index, operation] of operations.entries()) {
      const seed = SEED + index;
      try {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation), async (request) => {
            requests += 1;
            const response = await send(operation, request);
            if (process.env.FUZZ_DEBUG)
              histogram[`${request.who} ${response.statusCode}`] =
                (histogram[`${request.who} ${response.statusCode}`] ?? 0) + 1;
            if (response.statusCode >= 500) {
              throw new Error(
                `${operation.method} ${operation.path} answered ${response.statusCode}: ${response.body}`,
              );
            }
          }),
          { seed, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      } catch (error) {
        throw new Error(
          `fuzz failure for ${operation.method} ${operation.path} (FUZZ_SEED=${SEED}, seed ${seed}):\n${String(error)}`,
        );
      }
    }
    if (process.env.FUZZ_DEBUG) console.log(requests, histogram);
    expect(requests).toBeGreaterThanOrEqual(1000);
  });
});
