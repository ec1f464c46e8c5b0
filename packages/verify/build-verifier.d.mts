/** Types of build-verifier.mjs, for the TypeScript that calls it (the server under tsx, the tests). */
export declare const VERIFIER_FILE_NAME: 'verify.mjs';
/** The one-file verifier's bytes, built in memory. */
export declare function buildVerifier(): Promise<Uint8Array>;
