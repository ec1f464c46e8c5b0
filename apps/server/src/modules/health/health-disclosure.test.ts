/**
 * GET /api/health tells a monitor what it needs and nothing an attacker could use, and HSTS is
 * sent only over HTTPS (issue 13, finding 12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { createTestContext, type TestContext, withSettings } from '../../test/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => context.close());

describe('GET /api/health discloses nothing to use', () => {
  it('prints no versions', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().process).not.toHaveProperty('nodeVersion');
    expect(response.body).not.toContain(process.version);
  });

  it('says the database is down without its error text, answering 200 (the process is up)', async () => {
    const secretDetail = 'password authentication failed for user "stationbid_owner" at db.internal:5432';
    const failingDb = {
      execute: async () => {
        throw new Error(secretDetail);
      },
    } as unknown as Database;
    const app = await buildApp({
      db: failingDb,
      databaseKind: 'postgres',
      settings: {
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        allowSelfRegistration: false,
        corsOrigins: [],
        webDistDir: '/nonexistent-web-dist',
        trustProxy: false,
      },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      // Liveness: a database outage must not make a probe restart a healthy process.
      expect(response.statusCode).toBe(200);
      expect(response.json().database).toEqual({
        kind: 'postgres',
        status: 'down',
        latencyMs: null,
        error: 'The database did not answer.',
      });
      expect(response.body).not.toContain('stationbid_owner');
    } finally {
      await app.close();
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only over HTTPS (as told by a trusted proxy), never over plain HTTP', async () => {
    const plain = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A client that is not a trusted proxy cannot claim HTTPS.
    const claimed = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    await withSettings(context, { trustProxy: ['127.0.0.1'] }, async (app) => {
      const viaProxy = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });
});
