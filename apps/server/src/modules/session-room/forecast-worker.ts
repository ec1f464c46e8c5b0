/**
 * The forecast's worker thread (forecast-thread.ts starts and feeds it). It keeps each session's
 * participants and seats as last sent, takes the entries that changed since, runs the forecast of
 * the whole session (bid-engine/forecast.ts) to its end here, off the server's event loop, and
 * answers every member's forecast as JSON, in parts small enough for the server to read between
 * requests.
 */
import { parentPort } from 'node:worker_threads';
import { type EngineParticipant, type EngineSeat, type EngineSession, forecastSession } from '@stationbid/domain';

/** Members' forecasts per answer part: each part is read by the server in one piece. */
const ANSWER_PART_SIZE = 1000;

type HeldLists = { participants: EngineParticipant[]; seats: EngineSeat[] };

export type ToForecastWorker =
  /** Part of a session's whole list of participants or seats: `items` from `start`, of `length` in all. */
  | {
      kind: 'part';
      sessionId: string;
      list: keyof HeldLists;
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

export type FromForecastWorker =
  /** Members' forecasts by participant id, each a MemberForecast as JSON. */
  | { kind: 'forecasts'; requestId: number; entries: [string, string][] }
  | { kind: 'done'; requestId: number }
  /** The rules refuse to run the session (its message is the member's answer). */
  | { kind: 'refused'; requestId: number; message: string }
  | { kind: 'failed'; requestId: number; error: string };

const port = parentPort;
if (!port) throw new Error('forecast-worker.ts runs in a worker thread (forecast-thread.ts starts it)');
const answer = (message: FromForecastWorker) => port.postMessage(message);

const held = new Map<string, HeldLists>();

function forecast({ requestId, sessionId, session, now, changes }: Extract<ToForecastWorker, { kind: 'forecast' }>) {
  const lists = held.get(sessionId);
  if (!lists)
    return answer({ kind: 'failed', requestId, error: `no participants or seats were sent for ${sessionId}` });
  for (const [index, participant] of changes.participants) lists.participants[index] = participant;
  for (const [index, seat] of changes.seats) lists.seats[index] = seat;
  let outcome: ReturnType<typeof forecastSession>;
  try {
    outcome = forecastSession({ session, participants: lists.participants, seats: lists.seats }, now);
  } catch (error) {
    return answer({
      kind: 'failed',
      requestId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
  if (!outcome.ok) return answer({ kind: 'refused', requestId, message: outcome.message });
  let entries: [string, string][] = [];
  for (const [participantId, memberForecast] of outcome.forecasts) {
    entries.push([participantId, JSON.stringify(memberForecast)]);
    if (entries.length === ANSWER_PART_SIZE) {
      answer({ kind: 'forecasts', requestId, entries });
      entries = [];
    }
  }
  if (entries.length > 0) answer({ kind: 'forecasts', requestId, entries });
  answer({ kind: 'done', requestId });
}

port.on('message', (message: ToForecastWorker) => {
  switch (message.kind) {
    case 'part': {
      const lists = held.get(message.sessionId) ?? { participants: [], seats: [] };
      held.set(message.sessionId, lists);
      if (message.start === 0) lists[message.list] = new Array(message.length);
      const target: unknown[] = lists[message.list];
      message.items.forEach((item, offset) => {
        target[message.start + offset] = item;
      });
      return;
    }
    case 'forecast':
      return forecast(message);
    case 'forget':
      held.delete(message.sessionId);
      return;
  }
});
