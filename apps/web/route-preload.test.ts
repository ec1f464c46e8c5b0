/**
 * The first page's preload (route-preload.ts at build time, public/route-preload.js in the page):
 * the route table is read whole, each URL pattern matches the addresses the router would, and the
 * page script adds the links of the opened address's row only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_PRELOAD_TABLE_ID, urlPatternSource } from './route-preload.ts';
import { readLazyRoutes } from './scripts/route-table.mjs';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const SHELL = 'src/app/layout/app-shell.tsx';

describe('the lazy pages read from the route table', () => {
  const routes = readLazyRoutes(webDir);
  const byUrl = new Map(routes.map((route) => [route.url, route]));

  it('finds the sign-in pages without the signed-in shell', () => {
    expect(byUrl.get('/login')).toEqual({ module: 'src/app/routes/login.tsx', url: '/login', layouts: [] });
    expect(byUrl.get('/reset-password/:token')?.layouts).toEqual([]);
  });

  it('finds the signed-in pages, the administrators’ among them, inside the shell', () => {
    expect(byUrl.get('/dashboard')).toEqual({
      module: 'src/app/routes/dashboard.tsx',
      url: '/dashboard',
      layouts: [SHELL],
    });
    expect(byUrl.get('/live-bid/:sessionId')?.layouts).toEqual([SHELL]);
    expect(byUrl.get('/admin/settings')?.layouts).toEqual([SHELL]);
    // Every lazy page of the table, each named by a URL of config/paths.ts.
    const lazyPages = readFileSync(path.join(webDir, 'src/app/router.tsx'), 'utf8').match(
      /path: paths\.[\w.]+, lazy:/g,
    );
    expect(routes).toHaveLength(lazyPages?.length ?? 0);
    for (const route of routes) expect(route.url).toMatch(/^\//);
  });
});

describe('a URL pattern', () => {
  it('matches an address with the parameter filled, with or without a last slash', () => {
    const pattern = new RegExp(urlPatternSource('/live-bid/:sessionId'));
    expect(pattern.test('/live-bid/8f1e2c')).toBe(true);
    expect(pattern.test('/live-bid/8f1e2c/')).toBe(true);
    expect(pattern.test('/live-bid')).toBe(false);
    expect(pattern.test('/live-bid/8f1e2c/more')).toBe(false);
    expect(pattern.test('/bid/8f1e2c')).toBe(false);
  });

  it('matches a fixed address exactly', () => {
    const pattern = new RegExp(urlPatternSource('/admin'));
    expect(pattern.test('/admin')).toBe(true);
    expect(pattern.test('/admin/users')).toBe(false);
    expect(pattern.test('/administrator')).toBe(false);
  });
});

describe('public/route-preload.js in the page', () => {
  const script = readFileSync(path.join(webDir, 'public/route-preload.js'), 'utf8');

  /** Runs the page's own script in the global scope, as the browser does with a classic script. */
  function runPageScript() {
    // biome-ignore lint/security/noGlobalEval: the script under test, read from public/, nothing else.
    globalThis.eval(script);
  }

  afterEach(() => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  function openWithTable(address: string) {
    window.history.replaceState(null, '', address);
    const table = document.createElement('script');
    table.type = 'application/json';
    table.id = ROUTE_PRELOAD_TABLE_ID;
    table.textContent = JSON.stringify({
      files: ['/assets/login-1.js', '/assets/live-bid-2.js', '/assets/shell-3.js', '/assets/live-bid-4.css'],
      routes: [
        [urlPatternSource('/login'), [0]],
        [urlPatternSource('/live-bid/:sessionId'), [2, 1, 3]],
      ],
    });
    document.head.append(table);
    runPageScript();
  }

  const links = () =>
    [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin]);

  it('preloads the opened page’s scripts as modules and adds its stylesheets, as Vite would', () => {
    openWithTable('/live-bid/8f1e2c');
    expect(links()).toEqual([
      ['modulepreload', '/assets/shell-3.js', ''],
      ['modulepreload', '/assets/live-bid-2.js', ''],
      ['stylesheet', '/assets/live-bid-4.css', null],
    ]);
  });

  it('adds nothing for an address no lazy page answers, or without a table', () => {
    openWithTable('/somewhere-else');
    expect(links()).toEqual([]);
    document.head.innerHTML = '';
    runPageScript();
    expect(links()).toEqual([]);
  });
});
