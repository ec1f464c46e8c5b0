/**
 * The one-file verifier (`verify.mjs`, packages/verify/build-verifier.mjs) that GET
 * /api/verifier.mjs hands out, so anyone can check a record with plain Node and nothing installed.
 *
 * - The compiled server (production) reads the file scripts/build-server.mjs wrote beside its
 *   bundles: that install has no esbuild and no TypeScript sources to build from.
 * - Under tsx (`npm start` in development, the tests) there is no build step: the file is built in
 *   memory with esbuild on the first request, from the same build function, so both hand out the
 *   same bytes for the same sources.
 *
 * Either way it is made once per process and kept, with its SHA-256 (the ETag and the header a
 * person compares with `sha256sum`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { onceUntilFailure } from '../../lib/once-until-failure.ts';

/** The folder of the compiled server's bundles; scripts/build-server.mjs defines it, tsx does not. */
declare const STATIONBID_BUNDLE_DIR: string | undefined;

export interface VerifierFile {
  bytes: Buffer;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

const BUILD_SCRIPT = path.join(import.meta.dirname, '../../../../../packages/verify/build-verifier.mjs');

async function loadVerifier(): Promise<Buffer> {
  if (typeof STATIONBID_BUNDLE_DIR === 'string') {
    return readFile(path.join(STATIONBID_BUNDLE_DIR, 'verify.mjs'));
  }
  // A computed address, so that bundling the server never follows it into esbuild (the compiled
  // server takes the branch above).
  const { buildVerifier }: typeof import('../../../../../packages/verify/build-verifier.mjs') = await import(
    pathToFileURL(BUILD_SCRIPT).href
  );
  return Buffer.from(await buildVerifier());
}

export const readVerifierFile: () => Promise<VerifierFile> = onceUntilFailure(async () => {
  const bytes = await loadVerifier();
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
});
