/**
 * Component tests of the web app, in jsdom. Standalone so it runs on its own
 * (`vitest run --config apps/web/vitest.config.ts`) and as the "web" project of the root config.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'route-preload.test.ts', 'entry-chunks.test.ts'],
    // Page tests render whole routes in jsdom: a second or two alone, many more when CI's 2 cores
    // also run the server's tests. Waits inside tests keep their own, shorter limits.
    testTimeout: 30_000,
  },
});
