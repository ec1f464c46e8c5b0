/**
 * Starts a worker thread whose code is TypeScript that imports the domain package: under tsx (npm
 * start in development, the tests) through a bootstrap that registers tsx in the new thread, and in
 * the compiled server from the worker's own bundle, which scripts/build-server.mjs writes beside
 * server.js.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The folder of the compiled server's bundles; scripts/build-server.mjs defines it. Under tsx it is
 * not defined, and `typeof` says so without throwing.
 */
declare const STATIONBID_BUNDLE_DIR: string | undefined;

const TYPESCRIPT_BOOTSTRAP = path.join(import.meta.dirname, 'typescript-worker.mjs');

/**
 * @param source the worker's TypeScript module (`new URL('./x-worker.ts', import.meta.url)`)
 * @param bundleName its bundle's name in the compiled server (`x-worker` for dist/x-worker.js)
 */
export function startWorkerThread(source: URL, bundleName: string): Worker {
  if (typeof STATIONBID_BUNDLE_DIR === 'string') {
    return new Worker(path.join(STATIONBID_BUNDLE_DIR, `${bundleName}.js`));
  }
  return new Worker(TYPESCRIPT_BOOTSTRAP, { workerData: { entry: source.href } });
}
