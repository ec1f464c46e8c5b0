/**
 * The entry of a worker thread whose code is TypeScript, in development and tests (lib/worker-thread.ts
 * starts it): registers tsx in this thread, then runs the module named by `workerData.entry`. The
 * compiled server never uses it; it starts the worker's own bundle instead.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
