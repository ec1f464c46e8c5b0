/**
 * Works session forecasts out in a worker thread (forecast-worker.ts), so that the seconds of CPU a
 * forecast of 20,000 members takes never hold up the requests this thread answers.
 *
 * Sending a session's whole state costs this thread too (about 130 ms to serialize 20,000
 * participants and their seats), so the worker keeps the lists it was sent, and a later forecast
 * sends only the entries that changed: the engine never changes a state in place (a step makes new
 * objects for what it changes and keeps the rest), so an entry that is the same object as the one
 * sent is the same data. Whole lists go in parts, one part per turn of the event loop, and the
 * answers come back in parts too, as bytes handed over rather than copied (forecast-worker.ts).
 *
 * The worker starts with the first forecast and stops after a while without one, freeing its memory;
 * if it fails, the forecast asked for fails and the next one starts a new worker.
 */
import { setImmediate as nextTurnOfLoop } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { EngineParticipant, EngineSeat, EngineState, MemberForecast } from '@stationbid/domain';
import { startWorkerThread } from '../../lib/worker-thread.ts';
import {
  ANSWER_PART_SIZE,
  type ForecastPart,
  type FromForecastWorker,
  type ToForecastWorker,
} from './forecast-worker-messages.ts';

/** Entries per message of a whole list (a few milliseconds of this thread each). */
const PART_SIZE = 1000;

/** The worker stops after this long without a forecast to work out. */
const IDLE_STOP_MS = 5 * 60_000;

/** A member's participant id, and their place among the session's members (its participants who are members). */
interface MemberPlace {
  participantId: string;
  place: number;
}

const decoder = new TextDecoder();

/** A session's forecast as the worker answered it: each member's read, and parsed, when they ask. */
export class SessionForecasts {
  constructor(
    private readonly places: ReadonlyMap<string, MemberPlace>,
    private readonly parts: readonly ForecastPart[],
  ) {}

  /** The member's participant id and forecast (null once their turn has come and gone), or undefined for a non-participant. */
  member(memberId: string): { participantId: string; forecast: MemberForecast | null } | undefined {
    const entry = this.places.get(memberId);
    if (!entry) return undefined;
    const part = this.parts[Math.floor(entry.place / ANSWER_PART_SIZE)];
    const index = entry.place % ANSWER_PART_SIZE;
    const from = part?.offsets[index] ?? 0;
    const to = part?.offsets[index + 1] ?? 0;
    if (!part || from === to) return { participantId: entry.participantId, forecast: null };
    return {
      participantId: entry.participantId,
      forecast: JSON.parse(decoder.decode(part.bytes.subarray(from, to))) as MemberForecast,
    };
  }
}

/** Each member's forecast, or the rules' refusal to run the session. */
export type ThreadForecastOutcome = { ok: true; forecasts: SessionForecasts } | { ok: false; message: string };

interface SentLists {
  participants: readonly EngineParticipant[];
  seats: readonly EngineSeat[];
}

interface PendingForecast {
  sessionId: string;
  parts: ForecastPart[];
  /** Built when the worker sends the members' ids (they changed); otherwise the last ones hold. */
  places: Map<string, MemberPlace> | undefined;
  resolve: (outcome: ThreadForecastOutcome) => void;
  reject: (error: Error) => void;
}

/** The entries of `now` that are not those of `sent`, or undefined when the whole list is to be sent. */
function changedEntries<T>(sent: readonly T[] | undefined, now: readonly T[]): [number, T][] | undefined {
  if (sent === undefined || sent.length !== now.length) return undefined;
  const changes: [number, T][] = [];
  if (sent === now) return changes;
  for (let index = 0; index < now.length; index++) {
    if (sent[index] === now[index]) continue;
    changes.push([index, now[index] as T]);
    if (changes.length > PART_SIZE) return undefined;
  }
  return changes;
}

export class ForecastThread {
  private worker: Worker | undefined;
  /** What the current worker holds, by session. */
  private readonly sent = new Map<string, SentLists>();
  private readonly pending = new Map<number, PendingForecast>();
  /** The members' places of each session's last answer, kept until the worker says they changed. */
  private readonly places = new Map<string, ReadonlyMap<string, MemberPlace>>();
  private nextRequestId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  /** Every waiting member's forecast in `state` at `now` (bid-engine/forecast.ts, `forecastSession`). */
  async forecast(sessionId: string, state: EngineState, now: number): Promise<ThreadForecastOutcome> {
    const worker = this.running();
    // The process waits for a forecast in progress, never for an idle worker.
    worker.ref();
    const requestId = this.nextRequestId++;
    const outcome = new Promise<ThreadForecastOutcome>((resolve, reject) => {
      this.pending.set(requestId, { sessionId, parts: [], places: undefined, resolve, reject });
    });
    try {
      const changes = {
        participants: await this.sendList(worker, sessionId, 'participants', state.participants),
        seats: await this.sendList(worker, sessionId, 'seats', state.seats),
      };
      this.sent.set(sessionId, { participants: state.participants, seats: state.seats });
      this.post(worker, { kind: 'forecast', requestId, sessionId, session: state.session, now, changes });
    } catch (error) {
      this.settle(requestId)?.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return outcome;
  }

  /** Lets the worker drop a session's lists (a deleted session, or one no longer kept). */
  forget(sessionId: string): void {
    this.places.delete(sessionId);
    if (!this.sent.delete(sessionId) || !this.worker) return;
    this.post(this.worker, { kind: 'forget', sessionId });
  }

  /** Stops the worker (the server's shutdown). */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) this.stopped(worker, new Error('the server is shutting down'));
    await worker?.terminate();
  }

  /**
   * The changed entries of one list to send with the forecast, after sending the whole list in
   * parts when the worker does not hold it or too much of it changed.
   */
  private async sendList<T extends EngineParticipant | EngineSeat>(
    worker: Worker,
    sessionId: string,
    list: 'participants' | 'seats',
    items: readonly T[],
  ): Promise<[number, T][]> {
    const changes = changedEntries(this.sent.get(sessionId)?.[list] as readonly T[] | undefined, items);
    if (changes) return changes;
    // Until the whole list is there, the worker holds none of this session's lists as sent.
    this.sent.delete(sessionId);
    for (let start = 0; start < items.length || start === 0; start += PART_SIZE) {
      if (start > 0) await nextTurnOfLoop();
      if (this.worker !== worker) throw new Error('the forecast worker stopped while it was sent a session');
      const part = items.slice(start, start + PART_SIZE) as EngineParticipant[] | EngineSeat[];
      this.post(worker, { kind: 'part', sessionId, list, length: items.length, start, items: part });
    }
    return [];
  }

  private post(worker: Worker, message: ToForecastWorker): void {
    worker.postMessage(message);
  }

  /** The worker, started if it is not running; the idle stop is pushed back. */
  private running(): Worker {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stopWhenIdle(), IDLE_STOP_MS);
    this.idleTimer.unref();
    if (this.worker) return this.worker;
    const worker = startWorkerThread(new URL('./forecast-worker.ts', import.meta.url), 'forecast-worker');
    worker.on('message', (message: FromForecastWorker) => this.received(message));
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('exit', (code) => this.stopped(worker, new Error(`the forecast worker exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private received(message: FromForecastWorker): void {
    switch (message.kind) {
      case 'forecasts': {
        const request = this.pending.get(message.requestId);
        if (!request) return;
        const { start, offsets, bytes, members } = message;
        request.parts[start / ANSWER_PART_SIZE] = { start, offsets, bytes, members: null };
        if (members) {
          request.places ??= new Map();
          members.forEach(([memberId, participantId], index) => {
            request.places?.set(memberId, { participantId, place: start + index });
          });
        }
        return;
      }
      case 'done': {
        const request = this.settle(message.requestId);
        if (!request) return;
        const places = request.places ?? this.places.get(request.sessionId);
        if (!places || places.size !== message.memberCount) {
          request.reject(new Error('the forecast worker answered for members it had not named'));
          return;
        }
        this.places.set(request.sessionId, places);
        request.resolve({ ok: true, forecasts: new SessionForecasts(places, request.parts) });
        return;
      }
      case 'refused':
        this.settle(message.requestId)?.resolve({ ok: false, message: message.message });
        return;
      case 'failed':
        this.settle(message.requestId)?.reject(new Error(`the forecast failed in its worker: ${message.error}`));
        return;
    }
  }

  private settle(requestId: number): PendingForecast | undefined {
    const request = this.pending.get(requestId);
    this.pending.delete(requestId);
    if (this.pending.size === 0) this.worker?.unref();
    return request;
  }

  /** Forgets a worker that failed, exited or is being stopped, and fails what it was working on. */
  private stopped(worker: Worker, reason: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.sent.clear();
    this.places.clear();
    clearTimeout(this.idleTimer);
    for (const [requestId, request] of this.pending) {
      this.pending.delete(requestId);
      request.reject(reason);
    }
  }

  private async stopWhenIdle(): Promise<void> {
    if (this.pending.size > 0) {
      this.running();
      return;
    }
    await this.close();
  }
}
