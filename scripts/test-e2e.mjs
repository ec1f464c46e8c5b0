/**
 * `npm run test:e2e`: the Playwright browser tests, on the built app, against a server started
 * on a free port with a fresh data directory. Browsers are never downloaded: the tests drive
 * the system's Chromium (Debian's `chromium` package, or CHROMIUM_PATH).
 * Without Chromium the tests are skipped with a loud warning, unless REQUIRE_E2E=1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const chromium = candidates.find((candidate) => existsSync(candidate));

if (!chromium) {
  const banner = '!'.repeat(78);
  console.error(`\n${banner}\n!! No Chromium found (looked at ${candidates.join(', ')}).`);
  console.error('!! The browser tests did NOT run. Install it with: sudo apt-get install chromium');
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`!! REQUIRE_E2E=1, so this is a failure.\n${banner}\n`);
    process.exit(1);
  }
  console.error(`!! Skipping them (set REQUIRE_E2E=1 to make this a failure).\n${banner}\n`);
  process.exit(0);
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

buildWebIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-e2e-'));
const port = await findFreePort();
// The test mailbox's SMTP port (e2e/fixtures/mailbox.ts), free as well and not the app's.
let smtpPort = process.env.E2E_SMTP_PORT;
while (smtpPort === undefined || smtpPort === String(port)) smtpPort = String(await findFreePort());
// The test OpenID provider's port (e2e/fixtures/oidc-provider.ts), free and not the others'.
let oidcPort = process.env.E2E_OIDC_PORT;
while (oidcPort === undefined || oidcPort === String(port) || oidcPort === smtpPort) {
  oidcPort = String(await findFreePort());
}
const result = spawnSync(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(port),
      E2E_SMTP_PORT: smtpPort,
      E2E_OIDC_PORT: oidcPort,
      E2E_DATA_DIR: dataDir,
    },
  },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
