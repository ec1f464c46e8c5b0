/**
 * "Why this seat" for the results: each participant's reason, built by the same pure
 * function and from the same stored record parts (settings and chained history) as the signed
 * record, so the results, the export and the record say the same, and the verifier can rebuild it.
 */
import { buildResultReasons } from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { readRecordedHistory, readRecordedSettings } from './session-record.repository.ts';

/** Reason text by participant id; participants still waiting have none. */
export async function readResultReasons(
  executor: Executor,
  sessionId: string,
  timeZone: string,
): Promise<Map<string, string>> {
  const [recorded, history] = await Promise.all([
    readRecordedSettings(executor, sessionId),
    readRecordedHistory(executor, sessionId),
  ]);
  // As the record does: the settings count only when the chain hangs from them (buildUnsignedRecord).
  const first = history.chained[0];
  const anchored = recorded !== undefined && (first === undefined || first.previousHash === recorded.settingsHash);
  const reasons = buildResultReasons({
    settings: anchored ? recorded.settings : null,
    history: [...history.unchained, ...history.chained],
    timeZone,
  });
  return new Map([...reasons].map(([participantId, reason]) => [participantId, reason.text]));
}
