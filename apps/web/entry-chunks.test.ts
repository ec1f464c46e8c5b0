/** Which modules the entry's own chunk groups take: entryModuleIds on a build's output. */
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryModuleIds } from './entry-chunks.ts';

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    dynamicImports: [],
    isEntry,
  } as unknown as Rolldown.OutputChunk;
}

describe('entryModuleIds', () => {
  it('takes the modules of every chunk the entry imports statically, however deep, and nothing else', () => {
    const output = [
      chunk('index.js', ['/src/main.tsx'], ['react.js', 'mantine-a.js'], true),
      chunk('react.js', ['/node_modules/react/index.js']),
      chunk('mantine-a.js', ['/node_modules/@mantine/core/Button.mjs'], ['mantine-b.js']),
      chunk('mantine-b.js', ['/node_modules/@mantine/core/Box.mjs']),
      // A page loaded on demand (a dynamic import), and the piece only it uses.
      chunk('dashboard.js', ['/src/app/routes/dashboard.tsx'], ['mantine-c.js']),
      chunk('mantine-c.js', ['/node_modules/@mantine/core/Table.mjs']),
      { type: 'asset', fileName: 'index.css' } as Rolldown.OutputAsset,
    ];
    expect([...entryModuleIds(output)].sort()).toEqual([
      '/node_modules/@mantine/core/Box.mjs',
      '/node_modules/@mantine/core/Button.mjs',
      '/node_modules/react/index.js',
    ]);
  });

  it("leaves the entry chunk's own modules where they are, even when another chunk holds them too", () => {
    const output = [
      chunk('index.js', ['/src/main.tsx', '/src/app/providers.tsx'], ['shared.js'], true),
      chunk('shared.js', ['/src/lib/api-client.ts', '/src/app/providers.tsx']),
    ];
    expect([...entryModuleIds(output)]).toEqual(['/src/lib/api-client.ts']);
  });

  it('is empty for a build whose entry imports nothing', () => {
    expect(entryModuleIds([chunk('index.js', ['/src/main.tsx'], [], true)]).size).toBe(0);
  });
});
