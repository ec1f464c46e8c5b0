/** What reaches the log (issue 13, finding 9): no secrets, request lines only when asked for. */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { buildLoggerOptions, redactUrl, serializeError } from './logging.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => context.close());

/** An app on the test database whose log lines are kept, with the server's logger options. */
async function withLoggedApp(
  options: { level: string; requestLogLevel?: 'debug' | 'info' },
  test: (app: Awaited<ReturnType<typeof buildApp>>, lines: () => string) => Promise<void>,
) {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const app = await buildApp({
    db: context.db,
    databaseKind: context.databaseKind,
    clock: context.clock,
    settings: {
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      allowSelfRegistration: false,
      corsOrigins: [],
      webDistDir: '/nonexistent-web-dist',
      trustProxy: false,
    },
    logger: { ...buildLoggerOptions({ level: options.level, nodeEnv: 'test', isTerminal: false }), stream },
    ...(options.requestLogLevel ? { requestLogLevel: options.requestLogLevel } : {}),
  });
  try {
    await test(app, () => written);
  } finally {
    await app.close();
  }
}

describe('the log', () => {
  it('never holds a live ticket or a reset token from a URL', async () => {
    await withLoggedApp({ level: 'debug' }, async (app, lines) => {
      await app.inject({ method: 'GET', url: '/api/live/stream?ticket=SECRET-TICKET-123&sessions=x' });
      await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/SECRET-RESET-TOKEN',
        payload: { password: 'a-new-long-password' },
      });
      await app.inject({ method: 'GET', url: '/api/no-such-route?token=SECRET-404-TOKEN' });
      expect(lines()).toContain('/api/live/stream?ticket=[redacted]&sessions=x');
      expect(lines()).not.toContain('SECRET-404-TOKEN');
      expect(lines()).not.toContain('incoming request');
      expect(lines()).toContain('/api/auth/reset-password/[redacted]');
      expect(lines()).not.toContain('SECRET-TICKET-123');
      expect(lines()).not.toContain('SECRET-RESET-TOKEN');
    });
  });

  it('writes request lines at debug, or at info with LOG_REQUESTS=1', async () => {
    await withLoggedApp({ level: 'info' }, async (app, lines) => {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(lines()).not.toContain('request completed');
      expect(lines()).not.toContain('incoming request');
    });
    await withLoggedApp({ level: 'info', requestLogLevel: 'info' }, async (app, lines) => {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(lines()).toContain('"url":"/api/health"');
      expect(lines().match(/request completed/g)).toHaveLength(1);
    });
  });

  it('keeps the SQL of a failed query but not its parameters, nor the values the database repeats', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(secret.person@example.com) already exists.',
    });
    const failed = new DrizzleQueryError(
      'insert into "members" ("email", "password_hash") values ($1, $2)',
      ['secret.person@example.com', '$argon2id$v=19$secret-hash'],
      cause,
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).toContain('insert into \\"members\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('secret.person@example.com');
    expect(logged).not.toContain('secret-hash');
  });

  it('is readable in development on a terminal (pino-pretty), JSON otherwise', () => {
    const pretty = buildLoggerOptions({ level: 'info', nodeEnv: 'development', isTerminal: true });
    expect(pretty).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(buildLoggerOptions({ level: 'info', nodeEnv: 'production', isTerminal: true })).not.toHaveProperty(
      'transport',
    );
    expect(buildLoggerOptions({ level: 'info', nodeEnv: 'development', isTerminal: false })).not.toHaveProperty(
      'transport',
    );
  });

  it('redacts token-like query values whatever their case, and leaves the rest', () => {
    expect(redactUrl('/api/x?Token=abc&sessions=1,2&refresh_token=def')).toBe(
      '/api/x?Token=[redacted]&sessions=1,2&refresh_token=[redacted]',
    );
    expect(redactUrl('/reset-password/abc?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/calendar/abc-DEF_1.ics')).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
