/**
 * The built web app as the server sends it: the service worker, its push handlers and the manifest
 * are checked by the browser on every load (no-cache) and typed as browsers require; hashed files
 * keep their hour; every other page path gets index.html, never cached.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

describe('the web app files', () => {
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'stationbid-web-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    mkdirSync(path.join(distDir, 'icons'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>StationBid</title>');
    writeFileSync(path.join(distDir, 'sw.js'), 'importScripts("/push-service-worker.js");');
    writeFileSync(path.join(distDir, 'push-service-worker.js'), 'self.addEventListener("push", () => {});');
    writeFileSync(path.join(distDir, 'manifest.webmanifest'), JSON.stringify({ name: 'StationBid' }));
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'export {};');
    // A file named like the worker, but not the worker: only the root's files are special.
    writeFileSync(path.join(distDir, 'assets', 'sw.js'), 'export {};');
    writeFileSync(path.join(distDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    app = Fastify();
    await registerWebApp(app, distDir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the service worker with no-cache, as JavaScript', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });

  it('sends the push handlers the worker imports with no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/push-service-worker.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the manifest as application/manifest+json with no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'StationBid' });
  });

  it('keeps hashed scripts and icons cached for an hour', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/sw.js', '/icons/icon-192.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
    }
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers a page path with index.html, not cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>StationBid</title>');
  });

  it('answers an unknown API path with a JSON 404, never the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the web app files the build compressed', () => {
  let distDir: string;
  let app: FastifyInstance;
  const script = 'export const answer = 42;'.repeat(40);

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'stationbid-web-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>StationBid</title>');
    writeFileSync(path.join(distDir, 'assets', 'page-abc123.js'), script);
    writeFileSync(path.join(distDir, 'assets', 'page-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(distDir, 'assets', 'page-abc123.js.gz'), gzipSync(script));
    app = Fastify();
    await registerWebApp(app, distDir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, as JavaScript, cached for an hour', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gzipped = await app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
