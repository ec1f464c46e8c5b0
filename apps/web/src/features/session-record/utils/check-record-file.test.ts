/**
 * The /verify page's check without a key to compare with: it must not say "Verified", and it
 * carries the verifier's warning that anyone could have signed the record.
 */
import { recordDigestBytes, recordDigestHex } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
// The domain's played test session (a test helper, not among its public exports).
import { playedSession, unsignedRecordOf } from '../../../../../../packages/domain/src/record/test-records.ts';
import { checkRecordFile } from './check-record-file.ts';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

async function recordFileSignedByAnyone(): Promise<{ file: File; fingerprint: string }> {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
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
  return { file: new File([JSON.stringify(record)], 'record.json'), fingerprint };
}

describe('checkRecordFile', () => {
  it('says a record checked without a key was checked against itself only, and warns', async () => {
    const { file, fingerprint } = await recordFileSignedByAnyone();
    const unkeyed = await checkRecordFile(file, null);
    expect(unkeyed).toMatchObject({
      ok: true,
      headline: 'Checked against itself only: 3 awards reproduced',
      keyChecked: false,
    });
    if (!unkeyed.ok) throw new Error('not checked');
    expect(unkeyed.warning.join(' ')).toContain('checked only against itself');
    expect(unkeyed.warning.join(' ')).toContain('anyone can change a record and sign it again');

    const keyed = await checkRecordFile(file, { kind: 'fingerprint', fingerprint });
    expect(keyed).toMatchObject({ ok: true, headline: 'Verified: 3 awards reproduced', keyChecked: true, warning: [] });
  });
});
