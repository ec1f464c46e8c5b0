/**
 * A small played session and its record, built the way the server builds them (each accepted
 * step's history chained onto the head), for the record's tests here and in packages/verify.
 */
import { applyCommand } from '../bid-engine/apply-command.ts';
import { withSeatsAtStart } from '../bid-engine/commands/rewind.ts';
import {
  actorFor,
  buildEngineState,
  buildStationSeats,
  MINUTE_MS,
  TEST_ADMIN,
  TEST_START_TIME,
} from '../bid-engine/test-builders.ts';
import type { EngineCommand, EngineState } from '../bid-engine/types.ts';
import type { SeniorityRule } from '../seniority-rule.ts';
import { buildUnsignedRecord, type UnsignedSessionRecord } from './build-record.ts';
import {
  buildRecordSettings,
  type ChainHead,
  chainStep,
  hashSettings,
  type RecordEntry,
  toRecordCommand,
} from './chain.ts';

const T0 = TEST_START_TIME;

/** Station 1 with one A Captain, two A Firefighters and one B Firefighter; a Captain and two Firefighters. */
export function department(): EngineState {
  return buildEngineState({
    seats: buildStationSeats({
      stationId: 's1',
      stationNumber: 1,
      seats: { A: { Captain: 1, Firefighter: 2 }, B: { Firefighter: 1 } },
    }),
    participants: [
      { participantId: 'p1', name: 'Casey Captain', rank: 'Captain' },
      {
        participantId: 'p2',
        name: 'Frankie Fire',
        preferences: { autoBid: true, choices: [{ stationId: 's1', shift: 'B', seatPosition: 'Firefighter' }] },
      },
      { participantId: 'p3', name: 'Sam Slow' },
    ],
  });
}

/** Runs commands the way the server does: each accepted step's entries chained onto the head. */
export function runSession(initial: EngineState, commands: EngineCommand[], seniorityRule?: SeniorityRule) {
  const settings = buildRecordSettings({
    sessionId: 'session-1',
    name: 'Annual bid',
    year: 2025,
    tieBreakChain: ['yearsOfService', 'employeeId'],
    randomSeed: null,
    state: initial,
    ...(seniorityRule ? { seniorityRule } : {}),
  });
  const settingsHash = hashSettings(settings);
  let head: ChainHead = { hash: settingsHash, length: 0 };
  let state = initial;
  const history: RecordEntry[] = [];
  for (const command of commands) {
    // As the server does: a rewind reads the seats held at the start from the settings.
    const input = command.type === 'rewind' ? withSeatsAtStart(state, initial) : state;
    const result = applyCommand(input, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.message}`);
    const drafts = result.events.flatMap((event) => (event.kind === 'history' ? [event.entry] : []));
    const step = chainStep(head, drafts, toRecordCommand(command, input));
    history.push(...step.entries.map((entry) => ({ ...entry.content, hash: entry.hash })));
    head = step.head;
    state = result.state;
  }
  return { settings, settingsHash, history, state };
}

/** Casey bids, Frankie's turn runs out (auto-bid), Sam misses twice (moved to the back, then auto-assigned). */
export function playedSession() {
  const initial = department();
  const casey = { memberId: 'member-p1', name: 'Casey Captain' };
  return runSession(initial, [
    { type: 'start', now: T0, actor: TEST_ADMIN },
    {
      type: 'bid',
      now: T0 + MINUTE_MS,
      actor: actorFor(casey),
      participantId: 'p1',
      seat: { stationId: 's1', shift: 'A', seatPosition: 'Captain' },
    },
    { type: 'pause', now: T0 + 2 * MINUTE_MS, actor: TEST_ADMIN },
    { type: 'resume', now: T0 + 3 * MINUTE_MS, actor: TEST_ADMIN },
    { type: 'expire', now: T0 + 10 * MINUTE_MS },
    { type: 'expire', now: T0 + 20 * MINUTE_MS },
    { type: 'expire', now: T0 + 30 * MINUTE_MS },
  ]);
}

/**
 * Casey bids; a phone-in bid gives Frankie the wrong seat; the administrator rewinds to Frankie's
 * turn; Frankie bids the seat they asked for and Sam's turn runs out twice.
 */
export function rewoundSession() {
  const initial = department();
  const frankie = { memberId: 'member-p2', name: 'Frankie Fire' };
  return runSession(initial, [
    { type: 'start', now: T0, actor: TEST_ADMIN },
    {
      type: 'bid',
      now: T0 + MINUTE_MS,
      actor: actorFor({ memberId: 'member-p1', name: 'Casey Captain' }),
      participantId: 'p1',
      seat: { stationId: 's1', shift: 'A', seatPosition: 'Captain' },
    },
    {
      type: 'bid',
      now: T0 + 2 * MINUTE_MS,
      actor: TEST_ADMIN,
      participantId: 'p2',
      seat: { stationId: 's1', shift: 'A', seatPosition: 'Firefighter' },
    },
    {
      type: 'rewind',
      now: T0 + 3 * MINUTE_MS,
      actor: TEST_ADMIN,
      participantId: 'p2',
      reason: 'Frankie asked for B shift on the phone',
    },
    {
      type: 'bid',
      now: T0 + 4 * MINUTE_MS,
      actor: actorFor(frankie),
      participantId: 'p2',
      seat: { stationId: 's1', shift: 'B', seatPosition: 'Firefighter' },
    },
    { type: 'expire', now: T0 + 10 * MINUTE_MS },
    { type: 'expire', now: T0 + 20 * MINUTE_MS },
  ]);
}

/**
 * A vacancy bid: Station 1's B-shift Firefighter seat is open; Casey holds Station 2's and Frankie
 * Station 3's. Casey passes, Frankie takes Station 1 (opening Station 3), Casey is offered again and
 * takes Station 3 (opening Station 2), which nobody is left to take.
 */
export function vacancySession() {
  const seats = [1, 2, 3].flatMap((number) =>
    buildStationSeats({ stationId: `s${number}`, stationNumber: number, seats: { B: { Firefighter: 1 } } }),
  );
  const initial = buildEngineState({
    session: { vacancy: true },
    seats,
    participants: [
      { participantId: 'p1', name: 'Casey Hale', holdsSeatId: 's2-B-Firefighter-1' },
      { participantId: 'p2', name: 'Frankie Fire', holdsSeatId: 's3-B-Firefighter-1' },
    ],
  });
  const casey = actorFor({ memberId: 'member-p1', name: 'Casey Hale' });
  const seatAt = (number: number) => ({
    stationId: `s${number}`,
    shift: 'B' as const,
    seatPosition: 'Firefighter' as const,
  });
  return runSession(initial, [
    { type: 'start', now: T0, actor: TEST_ADMIN },
    { type: 'skip', now: T0 + MINUTE_MS, actor: casey, participantId: 'p1' },
    { type: 'bid', now: T0 + 2 * MINUTE_MS, actor: TEST_ADMIN, participantId: 'p2', seat: seatAt(1) },
    { type: 'bid', now: T0 + 3 * MINUTE_MS, actor: casey, participantId: 'p1', seat: seatAt(3) },
  ]);
}

/** The unsigned record of a played session, as the server builds it. */
export function unsignedRecordOf(played: ReturnType<typeof runSession>): UnsignedSessionRecord {
  const unsigned = buildUnsignedRecord({
    generatedAt: new Date(T0 + 40 * MINUTE_MS).toISOString(),
    session: {
      id: 'session-1',
      name: 'Annual bid',
      year: 2025,
      status: 'completed',
      actualStart: new Date(T0).toISOString(),
      actualEnd: new Date(T0 + 30 * MINUTE_MS).toISOString(),
    },
    settings: played.settings,
    settingsHash: played.settingsHash,
    history: played.history,
    unchainedHistory: [],
    timeZone: 'America/Chicago',
    assignments: played.state.participants.map((participant) => ({
      participantId: participant.participantId,
      name: participant.name,
      employeeId: participant.employeeId,
      bidPriority: participant.bidPriority,
      queuePosition: participant.queuePosition,
      outcome: participant.outcome,
      seat: participant.awardedSeat,
    })),
  });
  return unsigned;
}
