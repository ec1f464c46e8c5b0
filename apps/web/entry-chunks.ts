/**
 * One chunk for the libraries and one for the app code that the entry always loads, whatever page
 * is opened. Split by Rolldown's groups alone, the entry loaded about 35 small files (Mantine's and
 * the vendor group's pieces, each split by the set of pages using it), and on a phone each is a
 * round trip: at 150 ms and six connections they cost about a second before Sign In showed
 * (docs/performance.md, "A phone's first load").
 *
 * Which modules the entry loads is known only after tree-shaking: read from the module graph, a
 * barrel file (`@mantine/core`'s index, a feature's index.ts) imports everything it re-exports, and
 * a group built that way took the whole app. So the build runs twice: a first pass, in memory and
 * without the plugins that write files, records the modules of the entry's chunk and of every chunk
 * it imports statically; the real build then groups exactly those.
 */
import { build, type Plugin, type Rolldown } from 'vite';

/** Set for the first pass, so the config builds it plainly (no file writers, no entry groups). */
const SCAN_PASS_VARIABLE = 'STATIONBID_ENTRY_SCAN';

export function isEntryScanPass(): boolean {
  return process.env[SCAN_PASS_VARIABLE] === '1';
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * The modules of every chunk the entry chunk imports statically (directly or not), from a build's
 * output. Not the entry chunk's own: they stay in it, and a group taking them would leave the entry
 * an empty shell importing the group.
 */
export function entryModuleIds(output: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[]): Set<string> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const item of output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (chunk === undefined || reached.has(fileName)) return;
    reached.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  for (const entry of entries) for (const imported of entry.imports) visit(imported);
  const modules = new Set<string>();
  for (const fileName of reached) for (const id of chunks.get(fileName)?.moduleIds ?? []) modules.add(id);
  for (const entry of entries) for (const id of entry.moduleIds) modules.delete(id);
  return modules;
}

/**
 * The plugin that runs the first pass (before the real build's modules are chunked), and the two
 * chunk groups that take what it found: `entry-vendor` (libraries, which change less often and stay
 * cached across releases) and `entry` (the app's own code).
 */
export function entryChunks(configFile: string) {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: 'stationbid:entry-chunks',
    apply: 'build',
    async buildStart() {
      if (isEntryScanPass()) return;
      process.env[SCAN_PASS_VARIABLE] = '1';
      try {
        const result = await build({ configFile, logLevel: 'warn', build: { write: false, emptyOutDir: false } });
        const outputs = Array.isArray(result) ? result : [result];
        modules = new Set(outputs.flatMap((item) => ('output' in item ? [...entryModuleIds(item.output)] : [])));
      } finally {
        delete process.env[SCAN_PASS_VARIABLE];
      }
      if (modules.size === 0) this.error('The first pass of the build found no module in the entry.');
    },
  };
  const groups = [
    { name: 'entry-vendor', test: (id: string) => modules.has(id) && NODE_MODULES.test(id), priority: 10 },
    { name: 'entry', test: (id: string) => modules.has(id) && !NODE_MODULES.test(id), priority: 10 },
  ];
  return { plugin, groups };
}
