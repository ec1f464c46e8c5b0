/**
 * `npm start`: builds the web app if needed, then runs the server (TypeScript through tsx) on
 * http://localhost:5000 with the embedded database in ./data, in this same process so that
 * Ctrl+C and SIGTERM reach the server's clean shutdown.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './web-build.mjs';

buildWebIfStale();
register();
await import(pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/src/server.ts')).href);
