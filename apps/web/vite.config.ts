/**
 * Build and dev server of the StationBid web app. The root is pinned to this folder so the build
 * works from any working directory; in development, /api is forwarded to the API server on port 5000
 * so the browser sees one origin, as it does in production.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SIDE_EFFECT_FREE = /[\\/](packages[\\/]domain[\\/]src|apps[\\/]web[\\/]src[\\/]features)[\\/].*\.tsx?$/;
/** entriesAware pieces smaller than this merge into a neighbouring chunk (see codeSplitting below). */
const MERGE_BELOW_BYTES = 2_000;
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
        // administrators' components stay out of a member's first load; pieces under 2 kB merge into
        // a neighbour rather than cost a request each. Not more: a merged piece makes every page that
        // needs it load its neighbour too. At 4 kB, the chat's Affix (0.6 kB) merged with the bid
        // dialog's NativeSelect, which pulled Mantine's Input, Combobox and Card (about 7 kB) into the
        // live page's first load although only the dialog, loaded on demand, uses them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/,
              priority: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
            },
          ],
        },
      },
    },
  },
});
