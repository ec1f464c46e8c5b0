#!/usr/bin/env node
// `npx stationbid-verify record.json`: the verifier and the engine it replays (@stationbid/domain)
// are TypeScript sources, which tsx loads without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
