import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Files in a worker share one booted PGlite, emptied between files (see
    // src/test/test-app.ts), so modules are not re-isolated per file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
