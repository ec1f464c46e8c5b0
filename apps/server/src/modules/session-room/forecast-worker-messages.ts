/**
 * The messages between the server's thread (forecast-thread.ts) and the forecast's worker thread
 * (forecast-worker.ts), apart from both so that neither loads the other.
 */
import type { EngineParticipant, EngineSeat, EngineSession } from '@stationbid/domain';

/** Members per answer part: each part is taken by the server in one piece. */
export const ANSWER_PART_SIZE = 1000;

export type ToForecastWorker =
  /** Part of a session's whole list of participants or seats: `items` from `start`, of `length` in all. */
  | {
      kind: 'part';
      sessionId: string;
      list: 'participants' | 'seats';
      length: number;
      start: number;
      items: EngineParticipant[] | EngineSeat[];
    }
  /** Works the forecast out, once the entries that changed since the lists were sent are applied. */
  | {
      kind: 'forecast';
      requestId: number;
      sessionId: string;
      session: EngineSession;
      now: number;
      changes: { participants: [number, EngineParticipant][]; seats: [number, EngineSeat][] };
    }
  | { kind: 'forget'; sessionId: string };

/**
 * Members `start` to `start + offsets.length - 2` of the session's members (its participants who
 * are members, in queue order): member i's forecast is the MemberForecast JSON in
 * `bytes[offsets[i]..offsets[i + 1]]`, none when that is empty (their turn has come and gone).
 */
export interface ForecastPart {
  start: number;
  offsets: Uint32Array;
  bytes: Uint8Array;
  /** The part's `[memberId, participantId]`, when the members are not those of the last answer. */
  members: [string, string][] | null;
}

export type FromForecastWorker =
  | ({ kind: 'forecasts'; requestId: number } & ForecastPart)
  /** The last part was sent; `memberCount` members in all. */
  | { kind: 'done'; requestId: number; memberCount: number }
  /** The rules refuse to run the session (its message is the member's answer). */
  | { kind: 'refused'; requestId: number; message: string }
  | { kind: 'failed'; requestId: number; error: string };
