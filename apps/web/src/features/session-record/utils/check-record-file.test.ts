/**
 * The /verify page's check without a key to compare with: it must not say "Verified", and it
 * carries the verifier's warning that anyone could have signed the record.
 */
import { describe, expect, it } from 'vitest';
import { signedRecord } from '../../../test/signed-record.ts';
import { checkRecordFile } from './check-record-file.ts';

async function recordFileSignedByAnyone(): Promise<{ file: File; fingerprint: string }> {
  const { text, fingerprint } = await signedRecord();
  return { file: new File([text], 'record.json'), fingerprint };
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
