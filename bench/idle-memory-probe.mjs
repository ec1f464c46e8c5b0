/**
 * Loaded into the server under test by bench/idle-memory.ts (`node --import`): once a second it
 * writes the process's own view of its memory to the file named by STATIONBID_MEMORY_PROBE_FILE,
 * so the bench can say where the resident memory goes (V8's heap, its young generation, and the
 * memory outside the heap, which holds PGlite's WebAssembly memory). A timer that never keeps the
 * process alive; nothing else of the server changes.
 */
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.STATIONBID_MEMORY_PROBE_FILE;
if (file) {
  setInterval(() => {
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    writeFileSync(file, JSON.stringify({ ...usage, newSpace: spaces.new_space ?? 0 }));
  }, 1000).unref();
}
