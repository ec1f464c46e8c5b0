/**
 * The first page's own code, fetched with the app's: without this, a page's lazy module (and every
 * chunk it imports) is only requested once the entry has downloaded and run, a second trip that
 * cost a throttled phone about 0.6 s before Sign In (bench/phone-sign-in.ts). The build writes,
 * into index.html's head, a table from each lazy page's URL pattern to the files that page loads
 * beyond the entry's (its route module, the layout it sits in, their static imports and
 * stylesheets), and public/route-preload.js, run from the head, preloads the row that matches the
 * address opened. The router later imports the same files and finds them fetched; Vite's own
 * preloading skips what already has a link. A table, not one script per page: index.html is the
 * one document every address is answered with (the server and the service worker alike).
 */
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { readLazyRoutes } from './scripts/route-table.mjs';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** The element public/route-preload.js reads the table from. */
export const ROUTE_PRELOAD_TABLE_ID = 'route-preload';

/** '/live-bid/:sessionId' → a pattern matching '/live-bid/8f1e…', with or without a last slash. */
export function urlPatternSource(url: string): string {
  const parts = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${parts.join('/').replace(/\/$/, '')}/?$`;
}

export function routePreload(webDir: string): Plugin {
  return {
    name: 'stationbid:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (bundle === undefined) return;
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const byModule = new Map<string, OutputChunk>();
        for (const chunk of chunks) {
          if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId.slice(webDir.length + 1), chunk);
        }
        /** A chunk's file, its static imports' files, recursively, and their stylesheets. */
        const closure = (chunk: OutputChunk, files: Set<string>) => {
          if (files.has(chunk.fileName)) return files;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) {
            const importedChunk = bundle[imported];
            if (importedChunk?.type === 'chunk') closure(importedChunk, files);
          }
          return files;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry === undefined) throw new Error('route-preload: the build has no entry chunk.');
        const loadedByEntry = closure(entry, new Set());

        const files: string[] = [];
        const fileIndex = new Map<string, number>();
        const indexOf = (file: string) => {
          if (!fileIndex.has(file)) fileIndex.set(file, files.push(`/${file}`) - 1);
          return fileIndex.get(file) as number;
        };
        const routes = readLazyRoutes(webDir).map(({ module, url, layouts }) => {
          const pageFiles = new Set<string>();
          for (const key of [...layouts, module]) {
            const chunk = byModule.get(key);
            if (chunk === undefined) throw new Error(`route-preload: no chunk was built for ${key} (${url}).`);
            closure(chunk, pageFiles);
          }
          const own = [...pageFiles].filter((file) => !loadedByEntry.has(file));
          return [urlPatternSource(url), own.map(indexOf)];
        });
        // Right after the charset (which must come within the first 1,024 bytes), before the entry's
        // many files: the script is asked for first, so it is not queued behind them on a phone's
        // few connections, and it runs (blocking, but small and answered at once) while the main
        // thread is still idle.
        const tags =
          `<script type="application/json" id="${ROUTE_PRELOAD_TABLE_ID}">${JSON.stringify({ files, routes })}</script>` +
          '<script src="/route-preload.js"></script>';
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (charset === null) throw new Error('route-preload: index.html has no <meta charset> to follow.');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    ${tags}${html.slice(at)}`;
      },
    },
  };
}
