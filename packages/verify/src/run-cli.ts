/**
 * The verifier as a program: the entry of the one-file `verify.mjs` (build-verifier.mjs bundles
 * it) and of bin/stationbid-verify.mjs in a development checkout. The exit code is main's.
 */
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
