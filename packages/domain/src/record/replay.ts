/**
 * Replaying a session's recorded commands through the pure engine (issue 16, "Verification anyone
 * can run"): start from the recorded settings, apply each step's command with `applyCommand`, and
 * require every history entry the replay writes to be the entry the record holds. Pure, like the
 * engine, so the CLI and a browser page run the very same check.
 */
import { applyCommand, getTurnHolder } from '../bid-engine/apply-command.ts';
import { withSeatsAtStart } from '../bid-engine/commands/rewind.ts';
import type { EngineState, SeatRef } from '../bid-engine/types.ts';
import {
  NO_RECORDED_PREFERENCES,
  pickEntryFacts,
  type RecordEntry,
  type RecordEntryFacts,
  type RecordSettings,
  toEngineCommand,
  toEntryFacts,
} from './chain.ts';
import { canonicalJson } from './hash.ts';

export type ReplayResult =
  | { ok: true; state: EngineState; steps: number }
  | { ok: false; sequence: number | null; reason: string };

/** The history entries of one engine step: the entry with the command and those after it up to the next command. */
function splitIntoSteps(entries: readonly RecordEntry[]): RecordEntry[][] | { sequence: number; reason: string } {
  const steps: RecordEntry[][] = [];
  for (const entry of entries) {
    if (entry.command) steps.push([entry]);
    else {
      const current = steps.at(-1);
      if (!current) return { sequence: entry.sequence, reason: `entry ${entry.sequence} belongs to no command` };
      current.push(entry);
    }
  }
  return steps;
}

/**
 * What happened between steps that the record shows only in its effects: a member deleted during the
 * session (their turn is passed over: "turn_skipped", reason "member deleted") no longer holds a seat
 * or a member id.
 */
function applyDeletedMembers(state: EngineState, step: readonly RecordEntry[]): EngineState {
  const deleted = new Set(
    step
      .filter((entry) => entry.action === 'turn_skipped' && entry.details.reason === 'member deleted')
      .map((entry) => entry.participantId),
  );
  if (deleted.size === 0) return state;
  const deletedMemberIds = new Set<string>();
  const participants = state.participants.map((participant) => {
    if (!deleted.has(participant.participantId) || participant.memberId === null) return participant;
    deletedMemberIds.add(participant.memberId);
    return { ...participant, memberId: null, currentSeat: null };
  });
  const seats = state.seats.map((seat) =>
    seat.holderMemberId !== null && deletedMemberIds.has(seat.holderMemberId)
      ? { ...seat, holderMemberId: null }
      : seat,
  );
  return { ...state, participants, seats };
}

/**
 * The state a step's command met: the recorded bid window and timeout, the recorded standing bids of
 * those whose turn began in the step, and the turn holder's recorded preferences.
 */
function prepareStep(state: EngineState, step: readonly RecordEntry[], startedFrom: EngineState): EngineState {
  const command = step[0]?.command;
  if (!command) return state;
  // A rewind gives back the seats held at the start, which the server too reads from the settings.
  if (command.type === 'rewind') state = withSeatsAtStart(state, startedFrom);
  let prepared: EngineState = {
    ...applyDeletedMembers(state, step),
    session: {
      ...state.session,
      bidWindowMinutes: command.bidWindowMinutes,
      autoAssignTimeoutMinutes: command.autoAssignTimeoutMinutes,
    },
  };
  const standingBids = command.standingBids;
  if (standingBids) {
    prepared = {
      ...prepared,
      participants: prepared.participants.map((participant) => {
        const preferences = standingBids[participant.participantId];
        return preferences ? { ...participant, preferences } : participant;
      }),
    };
  }
  if (command.type === 'expire') {
    const holder = getTurnHolder(prepared);
    if (holder) {
      const preferences = command.holderPreferences ?? NO_RECORDED_PREFERENCES;
      prepared = {
        ...prepared,
        participants: prepared.participants.map((participant) =>
          participant === holder ? { ...participant, preferences } : participant,
        ),
      };
    }
  }
  return prepared;
}

export const describeSeat = (seat: Pick<SeatRef, 'stationNumber' | 'shift' | 'seatPosition'> | null): string =>
  seat ? `Station ${seat.stationNumber}, shift ${seat.shift}, ${seat.seatPosition}` : 'no seat';

/** The first difference between what the record says and what the replay wrote, in words. */
function describeDifference(recorded: RecordEntryFacts, replayed: RecordEntryFacts): string {
  const fields = Object.keys(replayed) as (keyof RecordEntryFacts)[];
  for (const field of fields) {
    const was = recorded[field];
    const is = replayed[field];
    if (canonicalJson(was ?? null) === canonicalJson(is ?? null)) continue;
    if (field === 'seat') {
      return `the record says ${describeSeat(recorded.seat)}, the replay gives ${describeSeat(replayed.seat)}`;
    }
    return `the record says ${field} ${canonicalJson(was ?? null)}, the replay gives ${canonicalJson(is ?? null)}`;
  }
  return 'the entries differ';
}

/**
 * Replays the chained history from the settings. Fails at the first step whose command the engine
 * refuses, or whose entries differ from what the engine writes, naming the entry and the difference.
 */
export function replayHistory(settings: RecordSettings, entries: readonly RecordEntry[]): ReplayResult {
  const steps = splitIntoSteps(entries);
  if (!Array.isArray(steps)) return { ok: false, ...steps };
  let state = settings.state;
  for (const step of steps) {
    const first = step[0] as RecordEntry;
    const recordCommand = first.command;
    if (!recordCommand) return { ok: false, sequence: first.sequence, reason: 'the step has no command' };
    let command: ReturnType<typeof toEngineCommand>;
    try {
      command = toEngineCommand(recordCommand);
    } catch (error) {
      return { ok: false, sequence: first.sequence, reason: (error as Error).message };
    }
    const prepared = prepareStep(state, step, settings.state);
    const result = applyCommand(prepared, command);
    const what = `the ${recordCommand.type} command of entry ${first.sequence} (${recordCommand.at})`;
    if (!result.ok) {
      return { ok: false, sequence: first.sequence, reason: `${what} is refused on replay: ${result.refusal.message}` };
    }
    const replayed = result.events.flatMap((event) => (event.kind === 'history' ? [toEntryFacts(event.entry)] : []));
    if (replayed.length === 0) {
      return { ok: false, sequence: first.sequence, reason: `${what} changes nothing on replay` };
    }
    for (let index = 0; index < Math.max(replayed.length, step.length); index += 1) {
      const recorded = step[index];
      const replay = replayed[index];
      if (!recorded) {
        return {
          ok: false,
          sequence: first.sequence,
          reason: `${what} writes ${replayed.length} entries on replay, the record has ${step.length}; the first missing is ${replay?.action}`,
        };
      }
      if (!replay) {
        return {
          ok: false,
          sequence: recorded.sequence,
          reason: `entry ${recorded.sequence} (${recorded.action}) is not written by ${what} on replay`,
        };
      }
      const facts = pickEntryFacts(recorded);
      if (canonicalJson(facts) !== canonicalJson(replay)) {
        return {
          ok: false,
          sequence: recorded.sequence,
          reason: `entry ${recorded.sequence} (${recorded.action}${recorded.userName ? ` for ${recorded.userName}` : ''}) differs: ${describeDifference(facts, replay)}`,
        };
      }
    }
    state = result.state;
  }
  return { ok: true, state, steps: steps.length };
}
