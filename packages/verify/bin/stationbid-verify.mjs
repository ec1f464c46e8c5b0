#!/usr/bin/env node
// `npx stationbid-verify record.json` in a development checkout: the verifier and the engine it
// replays (@stationbid/domain) are TypeScript sources, which tsx loads without a build step.
// Outside a checkout, and in a production install, use the one-file verifier instead:
// `node verify.mjs record.json` (GET /api/verifier.mjs; docs/verifying-records.md).
import { register } from 'tsx/esm/api';

register();
await import('../src/run-cli.ts');
