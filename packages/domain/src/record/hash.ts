/**
 * The two primitives of the session record (issue 16): RFC 8785 canonical JSON and SHA-256. The
 * server that writes the chain and every verifier (the CLI, later the browser) hash with exactly
 * these functions, so a record verifies wherever it is checked. Both are pure JavaScript (no
 * node:crypto), because this package also runs in the browser.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';

/**
 * The RFC 8785 (JCS) form of a JSON value: keys sorted by UTF-16 code unit, no whitespace, numbers
 * as ECMAScript prints them. Throws for what JSON cannot hold (undefined at the top, a function),
 * so nothing unhashable is ever silently hashed as "undefined".
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form');
  return text;
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of the UTF-8 bytes of `text`, as 32 bytes (what the record's Ed25519 signature signs). */
export function sha256Bytes(text: string): Uint8Array {
  return sha256(utf8ToBytes(text));
}

/** SHA-256 of a value's canonical JSON, as hex. */
export function hashCanonical(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
