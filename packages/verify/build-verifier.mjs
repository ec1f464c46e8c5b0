/**
 * Builds the verifier as one self-contained ES module, `verify.mjs`: the CLI (src/run-cli.ts), the
 * domain code it replays records with (packages/domain/src) and their dependencies (zod,
 * @noble/hashes, canonicalize) in one file that plain Node 20 runs with nothing installed:
 * `node verify.mjs record.json --fingerprint <hex>`.
 *
 * Two callers, one build: scripts/build-server.mjs writes it into apps/server/dist beside the
 * server's bundles (the production install serves that file), and the server under tsx (`npm
 * start` in development, the tests) builds it in memory on the first request for it.
 *
 * The output depends only on the sources, the installed versions (package-lock.json) and esbuild's
 * version: the paths esbuild writes into its comments are relative to the repository's root
 * (`absWorkingDir`), and nothing of the time or the machine goes in. A checkout of the same commit
 * therefore builds the same bytes, which is how anyone can check the file a server hands out
 * (docs/verifying-records.md).
 */
import path from 'node:path';
import { build } from 'esbuild';

export const VERIFIER_FILE_NAME = 'verify.mjs';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** The file's bytes. Nothing is written: the caller decides where they go. */
export async function buildVerifier() {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, 'src/run-cli.ts')],
    absWorkingDir: repositoryRoot,
    outfile: VERIFIER_FILE_NAME,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Readable on purpose: an auditor may read what they run. Licences stay with their code.
    minify: false,
    legalComments: 'inline',
    charset: 'utf8',
    logLevel: 'warning',
    banner: {
      js: [
        '#!/usr/bin/env node',
        '// StationBid session-record verifier: node verify.mjs <record.json> [--key <key.pem> | --fingerprint <hex>]',
        '// One file, nothing to install (Node 20 or later). Built by packages/verify/build-verifier.mjs from',
        '// packages/verify/src and packages/domain/src; a checkout of the same commit builds the same bytes.',
      ].join('\n'),
    },
  });
  const [output] = result.outputFiles;
  if (!output || result.outputFiles.length !== 1) throw new Error('esbuild gave no single verify.mjs');
  return output.contents;
}
