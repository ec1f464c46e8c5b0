/**
 * The /verify page's check: the very code the verifier (`node verify.mjs`) runs (packages/verify's
 * core: the domain's chain, replay and reasons, then Ed25519 with WebCrypto), on a file the person
 * chose. The answer carries the verdict's facts in plain form (what a member reads first) and the
 * verifier's own lines (the technical detail, folded below the verdict).
 */
import { plural } from '@stationbid/domain';
import {
  describeVerified,
  type GivenKey,
  optionsForGivenKey,
  UNKEYED_WARNING,
  type VerifyResult,
  verifyRecordText,
} from 'stationbid-verify';

/** Larger than any record a department makes (20,000 members is about 40 MB); refused before reading. */
export const MAX_RECORD_BYTES = 100 * 1024 * 1024;

export type RecordCheck =
  | {
      ok: true;
      fileName: string;
      /** The verifier's headline, as the command line prints it ("Verified: 3 awards reproduced"). */
      headline: string;
      details: string[];
      keyFingerprint: string;
      keyChecked: boolean;
      /** What a check without a key proves (nothing about who signed): empty when a key was given. */
      warning: readonly string[];
      sessionName: string;
      participants: number;
      awardsReproduced: number;
      /** False for a session started before records could be replayed: only the chain and the seats agree. */
      replayed: boolean;
      /** How many members' "why this seat" were rebuilt and found as recorded; null when the record has none. */
      reasonsRebuilt: number | null;
    }
  | { ok: false; fileName: string; sequence: number | null; reason: string };

export async function checkRecordFile(file: File, key: GivenKey | null): Promise<RecordCheck> {
  if (file.size > MAX_RECORD_BYTES) {
    return { ok: false, fileName: file.name, sequence: null, reason: 'the file is larger than any session record' };
  }
  let result: VerifyResult;
  try {
    result = await verifyRecordText(await file.text(), key ? optionsForGivenKey(key) : {});
  } catch (error) {
    // WebCrypto without Ed25519 (an old browser), or a file that cannot be read.
    return { ok: false, fileName: file.name, sequence: null, reason: (error as Error).message };
  }
  if (!result.ok) return { ok: false, fileName: file.name, sequence: result.sequence, reason: result.reason };
  return {
    ok: true,
    fileName: file.name,
    headline: `${result.keyChecked ? 'Verified' : 'Checked against itself only'}: ${plural(result.awardsReproduced, 'award')} reproduced`,
    details: describeVerified(result),
    keyFingerprint: result.keyFingerprint,
    keyChecked: result.keyChecked,
    warning: result.keyChecked ? [] : UNKEYED_WARNING,
    sessionName: result.record.session.name,
    participants: result.participants,
    awardsReproduced: result.awardsReproduced,
    replayed: result.replayed,
    reasonsRebuilt: result.reasonsRebuilt,
  };
}
