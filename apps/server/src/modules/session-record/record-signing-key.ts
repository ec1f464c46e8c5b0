/**
 * The server's Ed25519 key that signs session records. Created by the first server
 * process that starts on a database and kept in it (record_signing_keys, one row), so every process
 * and every restart signs with the same key. Two processes starting at once both try to insert
 * their own new key: `on conflict do nothing` keeps the first, and both then read that one.
 * The private key stays in the database and this process; only the public key is ever answered.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { RECORD_SIGNATURE_ALGORITHM, type RecordKeyResponse } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recordSigningKeys } from '../../db/schema/index.ts';
import { readOrInsertOnce } from '../../db/server-made-row.ts';

const KEY_ROW_ID = 1;

export interface RecordSigningKey {
  privateKey: KeyObject;
  publicKeyPem: string;
  /** The raw 32-byte public key, base64. */
  publicKeyBase64: string;
  /** SHA-256 of the raw public key, hex. */
  fingerprint: string;
  createdAt: Date;
}

/** The raw 32 bytes of an Ed25519 public key (its JWK `x`), which records carry and fingerprints hash. */
export function rawPublicKey(publicKeyPem: string): Buffer {
  const jwk = createPublicKey(publicKeyPem).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('the record key is not an Ed25519 key');
  return Buffer.from(jwk.x, 'base64url');
}

export function fingerprintOf(rawKey: Uint8Array): string {
  return createHash('sha256').update(rawKey).digest('hex');
}

function newKeyRow() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    id: KEY_ROW_ID,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem,
    fingerprint: fingerprintOf(rawPublicKey(publicKeyPem)),
  };
}

/** The department's record key, created on the first call against a database that has none. */
export async function ensureRecordSigningKey(executor: Executor): Promise<RecordSigningKey> {
  const row = await readOrInsertOnce(
    async () => (await executor.select().from(recordSigningKeys).where(eq(recordSigningKeys.id, KEY_ROW_ID)))[0],
    () => executor.insert(recordSigningKeys).values(newKeyRow()).onConflictDoNothing(),
    'the record signing key',
  );
  return {
    privateKey: createPrivateKey(row.privateKeyPem),
    publicKeyPem: row.publicKeyPem,
    publicKeyBase64: rawPublicKey(row.publicKeyPem).toString('base64'),
    fingerprint: row.fingerprint,
    createdAt: row.createdAt,
  };
}

/** The Ed25519 signature of `message` (the record's 32-byte digest), base64. */
export function signWithRecordKey(key: RecordSigningKey, message: Uint8Array): string {
  return sign(null, message, key.privateKey).toString('base64');
}

export function presentRecordKey(key: RecordSigningKey): RecordKeyResponse {
  return {
    algorithm: RECORD_SIGNATURE_ALGORITHM,
    publicKeyPem: key.publicKeyPem,
    publicKey: key.publicKeyBase64,
    fingerprint: key.fingerprint,
    createdAt: key.createdAt.toISOString(),
  };
}
