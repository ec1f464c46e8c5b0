/**
 * Browser tests on the built app, run by scripts/test-e2e.mjs, which picks a free port, a fresh
 * data directory and the system's Chromium (Playwright never downloads a browser here).
 */
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SMTP_URL } from './fixtures/mailbox.ts';
import { E2E_OIDC_CLIENT, E2E_OIDC_ISSUER, E2E_OIDC_NAME } from './fixtures/oidc-provider.ts';

const port = Number(process.env.E2E_PORT ?? 5077);
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.tmp/e2e-data');
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app's service worker precaches the whole shell (about 1.8 MB) after the first load and
    // would then answer reloads from its cache: every spec would pay for that and test the cache.
    // Only the installable-app spec (tests/pwa) lets the worker in, to test exactly that.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // E-mail goes to the test mailbox (fixtures/mailbox.ts), with links back to this server.
      SMTP_URL: E2E_SMTP_URL,
      PUBLIC_WEB_URL: baseURL,
      // Single sign-on through the test provider (fixtures/oidc-provider.ts), discovered on first use.
      OIDC_ISSUER: E2E_OIDC_ISSUER,
      OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
      OIDC_DISPLAY_NAME: E2E_OIDC_NAME,
    },
  },
});
