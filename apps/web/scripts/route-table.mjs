/**
 * The web app's lazy pages read from its route table (src/app/router.tsx, with the URLs of
 * src/config/paths.ts), for the build tools that must know which code a URL loads: the first-load
 * budget (scripts/web-size.mjs) and the first page's preload (route-preload.ts). Read from the
 * sources, so the route table stays the one place a page is declared.
 *
 * A lazy route without a path is a layout (the signed-in shell): it loads together with every lazy
 * page declared after it in the table, the pages nested in it (the sign-in pages come before it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LAZY_IMPORT = /(?:path: paths\.([\w.]+), )?lazy: \(\) => import\('\.\/([^']+)'\)/g;

/**
 * @param {string} webDir the apps/web directory
 * @returns {{ module: string, url: string, layouts: string[] }[]} each lazy page: its module
 *   (`src/app/...`, as the build manifest names it), its URL pattern, and the layout modules loaded with it
 */
export function readLazyRoutes(webDir) {
  const pathsSource = readFileSync(path.join(webDir, 'src/config/paths.ts'), 'utf8');
  const literal = pathsSource.match(/export const paths = (\{[\s\S]*?\n\}) as const;/)?.[1];
  if (literal === undefined)
    throw new Error('apps/web/src/config/paths.ts: `export const paths = {...} as const` not found.');
  const paths = Function(`"use strict"; return (${literal});`)();
  const routerSource = readFileSync(path.join(webDir, 'src/app/router.tsx'), 'utf8');
  const routes = [];
  const layouts = [];
  for (const [, name, module] of routerSource.matchAll(LAZY_IMPORT)) {
    if (name === undefined) {
      layouts.push(`src/app/${module}`);
      continue;
    }
    const url = name.split('.').reduce((node, key) => node?.[key], paths);
    routes.push({ module: `src/app/${module}`, url: url ?? `paths.${name}`, layouts: [...layouts] });
  }
  return routes;
}
