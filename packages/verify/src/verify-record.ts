/**
 * Verifies a StationBid session record (issue 16) without the server: its content with the very
 * functions the server used to write it (@stationbid/domain: the chain, the replay through the
 * engine, the assignments, the digest), then the Ed25519 signature over that digest with
 * node:crypto. A record signed by another key verifies only as "signed by that key": pass the
 * department's fingerprint (GET /api/record-key) to require its key.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { checkRecordContent, type RecordCheckSuccess, recordDigestBytes } from '@stationbid/domain';

export interface VerifyOptions {
  /** The fingerprint the signing key must have (hex SHA-256 of the raw key); any key when absent. */
  expectedFingerprint?: string | undefined;
}

export type VerifyResult =
  | (RecordCheckSuccess & { keyFingerprint: string })
  | { ok: false; sequence: number | null; reason: string };

function publicKeyFromRaw(raw: Buffer) {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** Whether `text` is exactly the base64 that its bytes encode to (padding included). */
function isCanonicalBase64(text: string): boolean {
  return Buffer.from(text, 'base64').toString('base64') === text;
}

export function verifyRecord(raw: unknown, options: VerifyOptions = {}): VerifyResult {
  const content = checkRecordContent(raw);
  if (!content.ok) return content;
  const { signature } = content.record;

  // Only the canonical base64 of the bytes is accepted: Node's decoder ignores the unused low bits
  // of the last character, so otherwise a record with one character changed there would still
  // verify (the signature is not covered by the digest).
  const nonCanonical = (['publicKey', 'value'] as const).find((field) => !isCanonicalBase64(signature[field]));
  if (nonCanonical) {
    return {
      ok: false,
      sequence: null,
      reason: `the signature's ${nonCanonical === 'value' ? 'value' : 'public key'} is not canonical base64: it was changed`,
    };
  }
  const rawKey = Buffer.from(signature.publicKey, 'base64');
  if (rawKey.length !== 32) {
    return { ok: false, sequence: null, reason: 'the signature names no Ed25519 public key (32 bytes, base64)' };
  }
  const fingerprint = createHash('sha256').update(rawKey).digest('hex');
  if (fingerprint !== signature.keyFingerprint) {
    return {
      ok: false,
      sequence: null,
      reason: `the signature's key has fingerprint ${fingerprint}, but the record says ${signature.keyFingerprint}`,
    };
  }
  const expected = options.expectedFingerprint?.toLowerCase().replaceAll(':', '');
  if (expected && expected !== fingerprint) {
    return {
      ok: false,
      sequence: null,
      reason: `the record is signed by key ${fingerprint}, not by the key ${expected} you asked for: it was not signed by that server`,
    };
  }
  const isValid = verify(
    null,
    recordDigestBytes(content.record),
    publicKeyFromRaw(rawKey),
    Buffer.from(signature.value, 'base64'),
  );
  if (!isValid) {
    return {
      ok: false,
      sequence: null,
      reason: `the Ed25519 signature does not match the record's digest ${signature.digest} under key ${fingerprint}: the record or its signature was changed`,
    };
  }
  return { ...content, keyFingerprint: fingerprint };
}
