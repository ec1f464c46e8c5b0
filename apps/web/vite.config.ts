/**
 * Build and dev server of the StationBid web app. The root is pinned to this folder so the build
 * works from any working directory; in development, /api is forwarded to the API server on port 5000
 * so the browser sees one origin, as it does in production.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SIDE_EFFECT_FREE = /[\\/](packages[\\/]domain[\\/]src|apps[\\/]web[\\/]src[\\/]features)[\\/].*\.tsx?$/;
const apiProxy = { '/api': { target: 'http://localhost:5000', changeOrigin: true } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, read by `npm run size` (scripts/web-size.mjs).
    manifest: true,
    rolldownOptions: {
      // The domain package and the features' modules only define things: importing one runs nothing
      // worth keeping. So a page takes only the modules it uses, not all that the domain package or a
      // feature's index.ts re-exports. (Stylesheets keep their side effect.)
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // `entriesAware` splits a library group by the set of pages that use each part, so the
        // administrators' components stay out of a member's first load; pieces under 4 kB merge into
        // a neighbour rather than cost a request each.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/,
              priority: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 4_000,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 4_000,
            },
          ],
        },
      },
    },
  },
});
