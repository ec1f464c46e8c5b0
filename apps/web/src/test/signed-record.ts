/**
 * A session record signed by a key made for the test (the domain's played test session), with the
 * key as the server would show it: for tests of checking records in the browser.
 */
import { recordDigestBytes, recordDigestHex } from '@stationbid/domain';
// The domain's played test session (a test helper, not among its public exports).
import { playedSession, unsignedRecordOf } from '../../../../packages/domain/src/record/test-records.ts';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function signedRecord() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const fingerprint = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', raw)));
  const unsigned = unsignedRecordOf(playedSession());
  const value = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new Uint8Array(recordDigestBytes(unsigned))),
  );
  const record = {
    ...unsigned,
    signature: {
      algorithm: 'Ed25519',
      keyFingerprint: fingerprint,
      publicKey: toBase64(raw),
      digest: recordDigestHex(unsigned),
      value: toBase64(value),
    },
  };
  const pem = `-----BEGIN PUBLIC KEY-----\n${toBase64(spki)}\n-----END PUBLIC KEY-----\n`;
  return { record, fingerprint, pem, publicKey: toBase64(raw), text: JSON.stringify(record, null, 2) };
}
