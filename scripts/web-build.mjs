/**
 * Builds the web app when its build is missing or older than its sources, so `npm start` and
 * the browser tests always serve what the code says, without rebuilding every time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/public',
  'packages/domain/src',
];

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

export function isWebBuildStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestModification(path.join(root, source)) > builtAt);
}

export function buildWebIfStale() {
  if (!isWebBuildStale()) return;
  console.log('Building the web app (apps/web) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@stationbid/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app failed to build; see the errors above.');
    process.exit(result.status ?? 1);
  }
}
