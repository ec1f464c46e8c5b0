/**
 * The forecast's worker thread (forecast-thread.ts starts and feeds it). It keeps each session's
 * participants and seats as last sent, takes the entries that changed since, runs the forecast of
 * the whole session (bid-engine/forecast.ts) to its end here, off the server's event loop, and
 * answers every member's forecast as JSON, in parts small enough for the server to take between
 * requests.
 *
 * The answers are UTF-8 bytes in buffers handed over to the server's thread, not strings: 20,000
 * forecasts are about 11 MB at every pick, which as strings would be copied onto the server's heap
 * and collected there. The members' ids go with them only when they changed (the first answer, a
 * move to the back, a rewind); otherwise the server keeps the ones it has.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type EngineParticipant, type EngineSeat, forecastSession } from '@stationbid/domain';
import { ANSWER_PART_SIZE, type FromForecastWorker, type ToForecastWorker } from './forecast-worker-messages.ts';

interface HeldSession {
  participants: EngineParticipant[];
  seats: EngineSeat[];
  /** The members answered last time, in order: `memberId participantId`. */
  answeredMembers: string[];
}

const port = parentPort;
if (!port) throw new Error('forecast-worker.ts runs in a worker thread (forecast-thread.ts starts it)');

/**
 * A forecast can wait; a member's request cannot. On Linux a thread's priority is its own, so this
 * lowers this thread only: on a busy machine the server's thread (and the database beside it) comes
 * first, and the forecast uses the CPU they leave. Not the lowest priority: on a machine kept busy
 * by other work a forecast at 19 barely ran (3 % of its answers up to date in a bench run beside a
 * test run); at 10 it still gets about a tenth of a core. Elsewhere it may lower the whole process,
 * so it is left as it is.
 */
const BACKGROUND_NICENESS = 10;
if (process.platform === 'linux') setPriority(BACKGROUND_NICENESS);

const held = new Map<string, HeldSession>();
const encoder = new TextEncoder();

function sameMembers(before: readonly string[], now: readonly string[]): boolean {
  return before.length === now.length && before.every((member, index) => member === now[index]);
}

function answerInParts(
  requestId: number,
  members: readonly EngineParticipant[],
  forecastOf: (participantId: string) => string | null,
  withIds: boolean,
): void {
  for (let start = 0; start < members.length; start += ANSWER_PART_SIZE) {
    const part = members.slice(start, start + ANSWER_PART_SIZE);
    const texts = part.map(({ participantId }) => forecastOf(participantId) ?? '');
    const offsets = new Uint32Array(texts.length + 1);
    texts.forEach((text, index) => {
      offsets[index + 1] = (offsets[index] ?? 0) + Buffer.byteLength(text);
    });
    const bytes = new Uint8Array(offsets[texts.length] ?? 0);
    texts.forEach((text, index) => {
      encoder.encodeInto(text, bytes.subarray(offsets[index]));
    });
    const message: FromForecastWorker = {
      kind: 'forecasts',
      requestId,
      start,
      offsets,
      bytes,
      members: withIds ? part.map(({ memberId, participantId }) => [memberId ?? '', participantId]) : null,
    };
    port?.postMessage(message, [offsets.buffer, bytes.buffer]);
  }
}

function forecast({ requestId, sessionId, session, now, changes }: Extract<ToForecastWorker, { kind: 'forecast' }>) {
  const answer = (message: FromForecastWorker) => port?.postMessage(message);
  const lists = held.get(sessionId);
  if (!lists) {
    return answer({ kind: 'failed', requestId, error: `no participants or seats were sent for ${sessionId}` });
  }
  for (const [index, participant] of changes.participants) lists.participants[index] = participant;
  for (const [index, seat] of changes.seats) lists.seats[index] = seat;
  let outcome: ReturnType<typeof forecastSession>;
  try {
    outcome = forecastSession({ session, participants: lists.participants, seats: lists.seats }, now);
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return answer({ kind: 'failed', requestId, error: text });
  }
  if (!outcome.ok) return answer({ kind: 'refused', requestId, message: outcome.message });
  const members = lists.participants.filter((participant) => participant.memberId !== null);
  const memberKeys = members.map(({ memberId, participantId }) => `${memberId} ${participantId}`);
  const withIds = !sameMembers(lists.answeredMembers, memberKeys);
  lists.answeredMembers = memberKeys;
  const { forecasts } = outcome;
  answerInParts(
    requestId,
    members,
    (participantId) => {
      const memberForecast = forecasts.get(participantId);
      return memberForecast ? JSON.stringify(memberForecast) : null;
    },
    withIds,
  );
  answer({ kind: 'done', requestId, memberCount: members.length });
}

port.on('message', (message: ToForecastWorker) => {
  switch (message.kind) {
    case 'part': {
      const lists = held.get(message.sessionId) ?? { participants: [], seats: [], answeredMembers: [] };
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
