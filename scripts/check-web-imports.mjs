/**
 * `npm run lint` (after Biome): the import rules of the web app (docs/architecture.md, "Web app").
 *
 * 1. A feature (apps/web/src/features/<name>) is used from outside only through its `index.ts`:
 *    `features/stations/index.ts`, never `features/stations/components/station-status.tsx`.
 * 2. Route modules (apps/web/src/app/routes) are imported by the route table alone
 *    (app/router.tsx, as lazy imports) and by their own tests; nothing else reaches into a page.
 * 3. No import cycles: neither between modules nor between features (feature A importing B while
 *    B imports A makes them one feature in two folders).
 * 4. One query layer (docs/architecture.md, "Queries"): cache keys, `queryOptions` factories and
 *    invalidations are written only in the query files, `*-queries.ts` in src/lib or in a feature's
 *    api/ folder. Elsewhere a key is one of theirs (`sessionQueryKeys.board(id)`), never an inline
 *    array, and a cache is refreshed through their named functions, never `invalidateQueries`.
 *
 * Biome's noRestrictedImports matches import strings, not the files they resolve to, so it cannot
 * tell `../components/x.tsx` inside a feature from the same string in another one; this script
 * resolves every relative import and checks the rules on real paths. Type-only imports count: they
 * still tie the folders together. Run `node scripts/check-web-imports.mjs --graph` to print the
 * feature graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(root, 'apps/web/src');
const featuresDir = path.join(srcDir, 'features');
const routesDir = path.join(srcDir, 'app/routes');
const routeTable = path.join(srcDir, 'app/router.tsx');
const SOURCE = /\.(ts|tsx)$/;

/** "1 problem", "2 problems": by the language's plural rules (a script cannot import wording.ts). */
const pluralRules = new Intl.PluralRules('en-US');
const countOf = (count, noun) => `${count} ${pluralRules.select(count) === 'one' ? noun : `${noun}s`}`;

function listSources(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return listSources(full);
    return SOURCE.test(entry) ? [full] : [];
  });
}

// Static imports and re-exports, `import()` and `vi.mock()`/`vi.importActual()` calls. Comments are
// blanked first so an example in a comment is not taken for an import.
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.(?:mock|importActual|doMock)(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g,
];

function withoutComments(file) {
  return readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1');
}

function importsOf(file) {
  const code = withoutComments(file);
  const found = [];
  for (const pattern of SPECIFIERS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (!specifier.startsWith('.')) continue;
      const line = code.slice(0, match.index).split('\n').length;
      found.push({ specifier, line, dynamic: match[0].startsWith('import(') });
    }
  }
  return found;
}

function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The feature a file belongs to, or null outside apps/web/src/features. */
function featureOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..')) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? null : name;
}

const show = (file) => path.relative(root, file);
const isTest = (file) => /\.test\.tsx?$/.test(file);

const files = listSources(srcDir);
const problems = [];
/** @type {Map<string, string[]>} module → modules it imports statically (what runs at load). */
const moduleGraph = new Map();
/** @type {Map<string, Map<string, string>>} feature → feature → one example import, for messages. */
const featureGraph = new Map();

for (const file of files) {
  const edges = [];
  moduleGraph.set(file, edges);
  const fromFeature = featureOf(file);
  for (const { specifier, line, dynamic } of importsOf(file)) {
    if (/\.(css|svg|png|json)$/.test(specifier)) continue;
    const target = resolve(file, specifier);
    const where = `${show(file)}:${line}`;
    if (target === null) {
      problems.push(`${where} imports '${specifier}', which resolves to no file.`);
      continue;
    }
    if (!dynamic) edges.push(target);

    const toFeature = featureOf(target);
    if (toFeature !== null && toFeature !== fromFeature) {
      const publicEntry = path.join(featuresDir, toFeature, 'index.ts');
      if (target !== publicEntry) {
        problems.push(
          `${where} imports '${specifier}' from inside the ${toFeature} feature. ` +
            `Import it from 'features/${toFeature}/index.ts' (add it to that index if it is missing).`,
        );
      }
      if (fromFeature !== null) {
        if (!featureGraph.has(fromFeature)) featureGraph.set(fromFeature, new Map());
        if (!featureGraph.get(fromFeature).has(toFeature)) featureGraph.get(fromFeature).set(toFeature, where);
      }
    }

    const intoRoutes = !path.relative(routesDir, target).startsWith('..');
    const fromRoutes = !path.relative(routesDir, file).startsWith('..');
    if (intoRoutes && file !== routeTable && !(fromRoutes && isTest(file))) {
      problems.push(
        `${where} imports the route module '${specifier}'. Only app/router.tsx loads routes; ` +
          `move what both need into a feature or src/components.`,
      );
    }
  }
}

/** A file of the query layer: `<resource>-queries.ts` in src/lib or in a feature's api/ folder. */
function isQueryLayer(file) {
  if (!file.endsWith('-queries.ts')) return false;
  const folder = path.dirname(file);
  return folder === path.join(srcDir, 'lib') || (featureOf(file) !== null && path.basename(folder) === 'api');
}

// What only the query layer writes. A key elsewhere is a member of a layer's `...QueryKeys` object.
const QUERY_LAYER_ONLY = [
  {
    pattern: /\bqueryKey\s*:(?!\s*\w+QueryKeys\.)/g,
    why: 'writes a query key; take the factory (or a key of `<resource>QueryKeys`) from the query files',
  },
  {
    pattern: /\b(?:set|get|ensure|prefetch|fetch)Quer(?:y|ies)Data\s*(?:<[^>()]*>)?\(\s*\[/g,
    why: 'uses an inline array as a query key',
  },
  {
    pattern: /\b(?:invalidateQueries|refetchQueries|resetQueries|cancelQueries)\s*\(|\bremoveQueries\s*\(\s*[^)\s]/g,
    why: 'refreshes the cache itself; call the named invalidation of the query files (e.g. invalidateAllSessions)',
  },
  {
    pattern: /\b(?:queryOptions|infiniteQueryOptions)\s*\(/g,
    why: 'makes a query factory; factories live in the query files',
  },
];

for (const file of files) {
  if (isTest(file) || isQueryLayer(file)) continue;
  const code = withoutComments(file);
  for (const { pattern, why } of QUERY_LAYER_ONLY) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split('\n').length;
      problems.push(`${show(file)}:${line} ${why} (one query layer: *-queries.ts in src/lib or a feature's api/).`);
    }
  }
}

/** Strongly connected components (Tarjan); each one with more than one node is a cycle. */
function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  function visit(node) {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.reverse());
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

for (const cycle of cyclesOf(moduleGraph)) {
  problems.push(
    `Import cycle: these ${cycle.length} modules reach each other through their static imports: ` +
      `${cycle.map(show).join(', ')}. Break the loop (often an import of the feature's own index.ts).`,
  );
}
const featureEdges = new Map([...featureGraph].map(([from, targets]) => [from, [...targets.keys()]]));
for (const cycle of cyclesOf(featureEdges)) {
  // Every import between two features of the cycle, one example each.
  const steps = cycle.flatMap((feature) =>
    [...featureGraph.get(feature)]
      .filter(([target]) => cycle.includes(target))
      .map(([target, example]) => `  ${feature} → ${target} (e.g. ${example})`),
  );
  problems.push(
    `Import cycle between features ${cycle.join(', ')}: one of them must stop importing the other ` +
      `(move the shared part to src/lib or src/components, or merge the features).\n${steps.join('\n')}`,
  );
}

if (process.argv.includes('--graph')) {
  for (const [from, targets] of [...featureGraph].sort())
    console.log(`${from} → ${[...targets.keys()].sort().join(', ')}`);
}

if (problems.length > 0) {
  console.error(`Web import rules (scripts/check-web-imports.mjs): ${countOf(problems.length, 'problem')}\n`);
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log(`Web import rules: ${files.length} files, feature boundaries kept, no import cycles, one query layer.`);
