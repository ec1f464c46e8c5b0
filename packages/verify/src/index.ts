/** The verifier's browser-safe core, shared by the CLI and the web app's /verify page. */
export * from './key-text.ts';
export * from './record-crypto.ts';
export * from './verify-record.ts';
