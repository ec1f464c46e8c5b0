/**
 * Verifies a StationBid session record without the server: its content with the very functions
 * the server used to write it (@stationbid/domain: the chain, the replay through the engine, the
 * assignments, the digest), then the Ed25519 signature over that digest. A record carries its own
 * public key, so without a key to compare it with it verifies only as "signed by whoever made it"
 * (`keyChecked: false`, and UNKEYED_WARNING says what that means): pass the department's
 * fingerprint (GET /api/record-key) or its public key to require that key.
 *
 * This module is browser-safe: the CLI (`verify.mjs`, built from cli.ts) and the web app's /verify
 * page run this same code. Crypto goes through RecordCrypto (WebCrypto by default, in Node 20 and
 * browsers).
 */
import { checkRecordContent, type RecordCheckSuccess, recordDigestBytes } from '@stationbid/domain';
import { decodeCanonicalBase64, type GivenKey, toHex } from './key-text.ts';
import { type RecordCrypto, webCrypto } from './record-crypto.ts';

export interface VerifyOptions {
  /** The fingerprint the signing key must have (hex SHA-256 of the raw key); any key when absent. */
  expectedFingerprint?: string | undefined;
  /** The public key (raw 32 bytes) the record must be signed with; takes the place of a fingerprint. */
  expectedKey?: Uint8Array | undefined;
  crypto?: RecordCrypto;
}

export type VerifySuccess = RecordCheckSuccess & {
  keyFingerprint: string;
  /** Whether the signing key was the one asked for (false: any key was accepted). */
  keyChecked: boolean;
};

export interface VerifyFailure {
  ok: false;
  /** The chained entry at fault, when one is. */
  sequence: number | null;
  reason: string;
}

export type VerifyResult = VerifySuccess | VerifyFailure;

const fail = (reason: string): VerifyFailure => ({ ok: false, sequence: null, reason });

/**
 * What a check without a key proves, in the words the CLI prints and the /verify page shows: the
 * record's signature is checked with the public key the record itself carries, so anyone who
 * edits a record and signs it again with a key of their own passes.
 */
export const UNKEYED_WARNING: readonly string[] = [
  'WARNING: no key was given, so this record was checked only against itself.',
  'It carries its own public key: anyone can change a record and sign it again with a key of their',
  "own, and it passes this check. It does not show that your department's server made it: check it",
  "against the server's key, whose fingerprint GET /api/record-key, the bid sheet and the",
  "administrators' dashboard show.",
];

/** The options for checking against a key someone gave (key-text.ts's parseGivenKey). */
export function optionsForGivenKey(key: GivenKey): Pick<VerifyOptions, 'expectedFingerprint' | 'expectedKey'> {
  return key.kind === 'key' ? { expectedKey: key.publicKey } : { expectedFingerprint: key.fingerprint };
}

export async function verifyRecord(raw: unknown, options: VerifyOptions = {}): Promise<VerifyResult> {
  const crypto = options.crypto ?? webCrypto;
  const content = checkRecordContent(raw);
  if (!content.ok) return content;
  const { signature } = content.record;

  const rawKey = decodeCanonicalBase64(signature.publicKey);
  const value = decodeCanonicalBase64(signature.value);
  // Only the canonical base64 of the bytes is accepted: a decoder ignores the unused low bits of the
  // last character, so otherwise a record with one character changed there would still verify
  // (the signature is not covered by the digest).
  if (!value) return fail("the signature's value is not canonical base64: it was changed");
  if (!rawKey) return fail("the signature's public key is not canonical base64: it was changed");
  if (rawKey.length !== 32) return fail('the signature names no Ed25519 public key (32 bytes, base64)');

  const fingerprint = toHex(await crypto.sha256(rawKey));
  if (fingerprint !== signature.keyFingerprint) {
    return fail(`the signature's key has fingerprint ${fingerprint}, but the record says ${signature.keyFingerprint}`);
  }
  let expected = options.expectedFingerprint?.toLowerCase().replaceAll(':', '');
  if (options.expectedKey) expected = toHex(await crypto.sha256(options.expectedKey));
  if (expected && expected !== fingerprint) {
    return fail(
      `the record is signed by key ${fingerprint}, not by the key ${expected} you asked for: it was not signed by that server`,
    );
  }
  const isValid = await crypto.verifyEd25519(rawKey, recordDigestBytes(content.record), value);
  if (!isValid) {
    return fail(
      `the Ed25519 signature does not match the record's digest ${signature.digest} under key ${fingerprint}: the record or its signature was changed`,
    );
  }
  return { ...content, keyFingerprint: fingerprint, keyChecked: Boolean(expected) };
}

/** verifyRecord for a file's text: a file that is not JSON is answered, not thrown. */
export async function verifyRecordText(text: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(`the file is not JSON (${(error as Error).message}); was it changed or cut short?`);
  }
  return verifyRecord(raw, options);
}

/**
 * What a verified record established, one line each, in the words the CLI prints and the /verify
 * page shows (after the headline "verified: N awards reproduced"); each says how to name the key.
 */
export function describeVerified(result: VerifySuccess): string[] {
  const { record } = result;
  return [
    `session: ${record.session.name} (${record.session.id}), ${record.session.status}, ${result.participants} participants`,
    result.replayed
      ? `replayed ${result.commands} commands through the bid engine: all ${result.entries} history entries and every final assignment match`
      : `no settings to replay from (the session started before records existed): the ${result.entries} chained entries and the assignments agree`,
    result.reasonsRebuilt === null
      ? 'no reasons in this record (made before "why this seat" existed)'
      : `${result.reasonsRebuilt} reasons ("why this seat") rebuilt from the history, in ${record.timeZone}, and found as recorded`,
    ...(result.unchainedEntries > 0
      ? [`${result.unchainedEntries} entries written before the chain began are covered by the signature only`]
      : []),
  ];
}
