/**
 * JSON bodies nested too deep: a 1 MB body of 500,000 brackets is refused with
 * 400 and a clear message before it is parsed, on the public sign-in as on any route; a route that
 * needs a token refuses a caller without one (401) before reading the body; ordinary bodies, and
 * brackets inside strings, go through as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createTestContext,
  injectAs,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../test/test-app.ts';
import { INPUT_CHECK_MESSAGES, MAX_JSON_DEPTH, nestsDeeperThan } from './input-check.ts';

let context: TestContext;
let email: string;

beforeAll(async () => {
  context = await createTestContext();
  email = (await createMember(context)).email;
});
afterAll(async () => context?.close());

const ONE_MEGABYTE = 1024 * 1024;
/** 500,000 arrays inside one another: the review's 1 MB body (just under the body limit). */
const NESTED_ARRAYS = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
/** The same with objects: {"a":{"a":...1...}}. */
const NESTED_OBJECTS = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

function postJson(url: string, payload: string, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
}

describe('deeply nested JSON bodies', () => {
  it('refuses 500,000 nested brackets on the sign-in with 400 and a clear message', async () => {
    expect(NESTED_ARRAYS.length).toBeLessThan(ONE_MEGABYTE);
    for (const body of [
      NESTED_ARRAYS,
      NESTED_OBJECTS,
      `{"email":"${email}","password":${NESTED_ARRAYS.slice(0, 2000)}}`,
    ]) {
      const response = await postJson('/api/auth/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', error: INPUT_CHECK_MESSAGES.jsonTooDeep });
    }
    expect(INPUT_CHECK_MESSAGES.jsonTooDeep).toContain(`more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('refuses it with 400 from a signed-in caller too, and with 401 before reading it from a caller without a token', async () => {
    const member = await signIn(context, email);
    const signedIn = await injectAs(context, member, {
      method: 'PUT',
      url: '/api/users/preferences',
      headers: { 'content-type': 'application/json' },
      payload: NESTED_ARRAYS,
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json()).toEqual({ code: 'BAD_REQUEST', error: INPUT_CHECK_MESSAGES.jsonTooDeep });

    const anonymous = await context.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: { 'content-type': 'application/json' },
      payload: NESTED_ARRAYS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('TOKEN_MISSING');
  });

  it('still signs in with an ordinary body, and counts no bracket inside a string', async () => {
    const ordinary = await postJson('/api/auth/login', JSON.stringify({ email, password: TEST_PASSWORD }));
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    expect(ordinary.json().token).toEqual(expect.any(String));

    // 100 brackets and an escaped quote inside a string are text, not nesting: the body reaches the
    // route's validation, which says what is wrong with the e-mail address.
    const bracketsInText = JSON.stringify({ email: `"${'['.repeat(100)}\\"{{{`, password: TEST_PASSWORD });
    const invalidEmail = await postJson('/api/auth/login', bracketsInText);
    expect(invalidEmail.statusCode, invalidEmail.body).toBe(400);
    expect(invalidEmail.json().code).toBe('VALIDATION_ERROR');
  });

  it('keeps the parser’s other answers: invalid JSON, an empty body, prototype poisoning', async () => {
    const invalid = await postJson('/api/auth/login', '{"email":');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'The request body is not valid JSON.' });
    const empty = await postJson('/api/auth/login', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'The request body is empty; send a JSON object.' });
    const poisoned = await postJson('/api/auth/login', `{"email":"${email}","__proto__":{"isAdmin":true}}`);
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('nestsDeeperThan', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more; brackets in strings and escapes do not count`, () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[', quote: '"[[[[', slash: '\\' }), 2)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\",  "b":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('[{}, {}, [], []]', 2)).toBe(false);
  });
});
