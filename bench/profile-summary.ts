/**
 * Where a V8 CPU profile (`node --cpu-prof`, e.g. bench/polling or bench/watch with --cpu-prof)
 * spent its time: self time by function and by package or source folder, and total (inclusive)
 * time of the app's own functions, as text for docs/performance.md.
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 25] [--last-seconds 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values: options, positionals } = parseArgs({
  options: {
    top: { type: 'string', default: '25' },
    /** Only the profile's last seconds (e.g. a bench's load, without the start-up and set-up). */
    'last-seconds': { type: 'string' },
  },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile>');
const top = Number(options.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const windowStart = options['last-seconds']
  ? profile.endTime - Number(options['last-seconds']) * 1_000_000
  : profile.startTime;
const selfMs = new Map<number, number>();
let sampleTime = profile.startTime;
profile.samples.forEach((nodeId, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  sampleTime += delta;
  if (sampleTime < windowStart) return;
  selfMs.set(nodeId, (selfMs.get(nodeId) ?? 0) + delta / 1000);
});
const totalMs = (profile.endTime - windowStart) / 1000;

/** `node_modules/<package>`, `apps/server/src/<folder>`, `node:<module>` or the frame's own kind. */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] ?? url;
  const source = /(apps\/[^/]+\/src\/(?:modules\/)?[^/]+|packages\/[^/]+\/src\/[^/]+)/.exec(url);
  if (source) return source[1] ?? url;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
for (const [id, ms] of selfMs) {
  const frame = nodeById.get(id)?.callFrame;
  if (!frame) continue;
  const place = placeOf(frame.url, frame.functionName);
  const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
}

// Inclusive time of the app's own functions: a frame's samples and its descendants', counted once per
// function even when it recurses.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
    const frame = nodeById.get(current)?.callFrame;
    if (!frame || !/apps\/server\/src|packages\/domain\/src/.test(frame.url)) continue;
    const name = `${frame.functionName || '(anonymous)'} ${placeOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
}

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((ms / totalMs) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${(totalMs / 1000).toFixed(1)} s profiled`);
print('self time by package or folder', byPlace);
print('self time by function', byFunction);
print("total time of the app's own functions", inclusive);
