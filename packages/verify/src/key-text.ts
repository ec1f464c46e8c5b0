/**
 * Reading keys and bytes without Node's Buffer, so the verifier runs in a browser too: base64 that
 * must be canonical (the record's signature is not covered by its digest, so a lenient decoder would
 * let a changed character verify), hex, and a public key pasted as PEM, base64 or a fingerprint.
 */

/** The bytes `text` encodes, or null when it is not exactly the base64 of those bytes (padding included). */
export function decodeCanonicalBase64(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  // atob ignores whitespace, missing padding and the unused low bits of the last character: only
  // the one canonical spelling of the bytes is accepted.
  return encodeBase64(bytes) === text ? bytes : null;
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): SEQUENCE { id-Ed25519 }, BIT STRING of 32 bytes. */
const ED25519_SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

/** A key someone gave to check a record against: the raw key when they gave one, or only its fingerprint. */
export type GivenKey = { kind: 'key'; publicKey: Uint8Array } | { kind: 'fingerprint'; fingerprint: string };

/**
 * Reads a public key as a person pastes it: a PEM "PUBLIC KEY" block (what GET /api/record-key and
 * openssl give), the raw 32-byte key in base64 (as records carry it), or the key's fingerprint (64
 * hex digits, colons allowed). Answers why it cannot when it cannot.
 */
export function parseGivenKey(text: string): GivenKey | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'Paste a public key or its fingerprint.' };
  const fingerprint = trimmed.replaceAll(':', '').toLowerCase();
  if (/^[0-9a-f]{64}$/.test(fingerprint)) return { kind: 'fingerprint', fingerprint };

  const pem = /^-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----$/.exec(trimmed);
  if (pem) {
    const der = decodeCanonicalBase64((pem[1] ?? '').replace(/\s+/g, ''));
    const isEd25519 =
      der !== null &&
      der.length === ED25519_SPKI_PREFIX.length + 32 &&
      ED25519_SPKI_PREFIX.every((byte, index) => der[index] === byte);
    if (!isEd25519) return { error: 'This PEM block is not an Ed25519 public key.' };
    return { kind: 'key', publicKey: der.slice(ED25519_SPKI_PREFIX.length) };
  }
  if (trimmed.startsWith('-----BEGIN')) {
    return { error: 'Paste the PUBLIC KEY block (never a private key).' };
  }
  const raw = decodeCanonicalBase64(trimmed);
  if (raw?.length === 32) return { kind: 'key', publicKey: raw };
  return {
    error: 'Not a public key: paste a PEM block, the 32-byte key in base64, or the 64-digit hex fingerprint.',
  };
}
