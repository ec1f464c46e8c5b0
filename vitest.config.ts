import { defineConfig } from 'vitest/config';

/** One `vitest run` for the whole workspace: domain rules, API tests and web components. */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/verify', 'apps/server', 'apps/web'],
    // Two workers suit our 2-core machines (set here: Vitest wants one value for all projects).
    maxWorkers: 2,
  },
});
