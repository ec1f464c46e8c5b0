/**
 * The shared board of a session, computed from the engine's state (docs/decisions/012-session-board.md),
 * and what one engine step changed of it. Pure: the server builds the board once per session
 * version and every watcher reads the same bytes; the events of a step carry `describeBoardChange`
 * so watchers patch their copy instead of reading it again.
 */

import { findStateChanges, type StateChanges } from '../bid-engine/state-changes.ts';
import type {
  BidSessionStatus,
  EligibilityMode,
  EngineEvent,
  EngineParticipant,
  EngineSeat,
  EngineState,
  ParticipantOutcome,
  SeatRef,
} from '../bid-engine/types.ts';
import type { SeatPosition, Shift } from '../constants.ts';
import { SEAT_POSITIONS, SHIFTS } from '../constants.ts';
import {
  BOARD_RECENT_PICKS_COUNT,
  BOARD_UPCOMING_COUNT,
  type BoardHead,
  type BoardParticipant,
  type BoardPick,
  type BoardRound,
  type BoardSeatRuleGroup,
  type BoardStation,
  type SeatCountChange,
  type SessionBoard,
} from '../schemas/session-board.ts';
import { compareSeatGroups } from '../schemas/station.ts';

/** The session's own fields the board shows, as the server reads them from its row. */
export interface BoardSessionInfo {
  sessionId: string;
  version: number;
  name: string;
  description: string;
  year: number;
  bidWindowMinutes: number;
  autoAssignTimeoutMinutes: number;
  eligibilityMode: EligibilityMode;
  startDate: Date | null;
  endDate: Date | null;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
}

/** An offered station as the board lists it, in the order to list it. */
export interface BoardStationInfo {
  id: string;
  name: string;
  number: number;
  address: string;
}

/** More seat groups than this in one step (a start that clears assignments) are not listed in its events. */
export const MAX_SEAT_COUNT_CHANGES_PER_EVENT = 32;

const RUNNING_STATUSES: readonly BidSessionStatus[] = ['active', 'paused'];
const AWARD_KIND: Partial<Record<ParticipantOutcome, BoardPick['kind']>> = {
  bid: 'own',
  proxy_bid: 'proxy',
  auto_assigned: 'auto',
};

const isoOrNull = (milliseconds: number | null) =>
  milliseconds === null ? null : new Date(milliseconds).toISOString();

export function toBoardParticipant(participant: EngineParticipant): BoardParticipant {
  return {
    participantId: participant.participantId,
    memberId: participant.memberId,
    name: participant.name,
    rank: participant.rank,
    bidPriority: participant.bidPriority,
    queuePosition: participant.queuePosition,
    movedToBack: participant.movedToBack,
  };
}

/** Status, turn, the next few and the counts: what a step may change besides seats. */
export function buildBoardHead(state: EngineState): BoardHead {
  const { session, participants } = state;
  const isRunning = RUNNING_STATUSES.includes(session.status);
  const turnIndex = session.currentParticipant - 1;
  // Participants are in queue order with positions 0..n-1, so the turn holder is at turnIndex.
  const holder = isRunning ? participants[turnIndex] : undefined;
  const turn = holder && holder.outcome === null ? holder : undefined;
  // The holder's round, also while their turn is being recorded: turns run round by round.
  const hasRounds = (session.rounds?.length ?? 0) > 0;
  const currentRound = hasRounds && holder ? (holder.round ?? 0) : null;
  const upcoming: BoardParticipant[] = [];
  if (isRunning) {
    for (let index = Math.max(0, turnIndex + 1); index < participants.length; index++) {
      const participant = participants[index] as EngineParticipant;
      if (participant.outcome !== null) continue;
      upcoming.push(toBoardParticipant(participant));
      if (upcoming.length === BOARD_UPCOMING_COUNT) break;
    }
  }
  let done = 0;
  let awarded = 0;
  let movedToBack = 0;
  const byOutcome = { bid: 0, proxy_bid: 0, auto_assigned: 0, skipped: 0, not_assigned: 0 };
  for (const participant of participants) {
    if (participant.outcome !== null) {
      done += 1;
      byOutcome[participant.outcome] += 1;
    }
    if (participant.awardedSeat !== null) awarded += 1;
    if (participant.movedToBack) movedToBack += 1;
  }
  return {
    status: session.status,
    currentParticipant: session.currentParticipant,
    currentBidEnd: isoOrNull(session.currentBidEnd),
    pausedRemainingSeconds:
      session.pausedRemainingMs === null ? null : Math.max(0, Math.ceil(session.pausedRemainingMs / 1000)),
    actualStart: isoOrNull(session.actualStart),
    actualEnd: isoOrNull(session.actualEnd),
    turn: turn ? toBoardParticipant(turn) : null,
    currentRound,
    upcoming,
    counts: { total: participants.length, done, waiting: participants.length - done, awarded, movedToBack, byOutcome },
  };
}

const groupKey = (stationId: string, shift: string, position: string) => `${stationId}|${shift}|${position}`;

/** The same for two seats of one position exactly when they share their rules. */
export const seatRuleKey = (seat: { requires?: readonly string[]; mustFill?: boolean }) =>
  `${[...(seat.requires ?? [])].sort().join('+')}|${seat.mustFill === true ? 'must' : ''}`;

const hasRule = (seat: Pick<EngineSeat, 'requires' | 'mustFill'>) =>
  (seat.requires?.length ?? 0) > 0 || seat.mustFill === true;

interface RuleGroupCount {
  requires: string[];
  mustFill: boolean;
  free: number;
  total: number;
}

/** A position's free and total seats, and, when some of them have rules, the same per rule group. */
export interface SeatGroupCount {
  free: number;
  total: number;
  /** By `seatRuleKey`; present when at least one seat of the position requires a certification or must be filled. */
  rules?: Map<string, RuleGroupCount>;
}

/**
 * By station id, then by shift and position (`SHIFT_POSITION_KEYS`): the board reads a station's
 * groups with one lookup of its id and constant keys, not a key made of three strings for every
 * shift and position of 1,200 stations at every version.
 */
type SeatGroupCounts = Map<string, Map<string, SeatGroupCount>>;

const SHIFT_POSITION_KEYS = Object.fromEntries(
  SHIFTS.map((shift) => [
    shift,
    Object.fromEntries(SEAT_POSITIONS.map((position) => [position, `${shift}|${position}`])),
  ]),
) as Record<Shift, Record<SeatPosition, string>>;

function groupAt(
  groups: SeatGroupCounts,
  seat: { stationId: string; shift: Shift; seatPosition: SeatPosition },
): SeatGroupCount | undefined {
  return groups.get(seat.stationId)?.get(SHIFT_POSITION_KEYS[seat.shift][seat.seatPosition]);
}

/** The rule groups of a position in the stations' order (plain first, then by codes, must-fill last). */
export function listRuleGroups(
  rules: ReadonlyMap<string, RuleGroupCount> | undefined,
): BoardSeatRuleGroup[] | undefined {
  if (!rules) return undefined;
  return [...rules.values()]
    .sort(compareSeatGroups)
    .map((group) => ({ requires: group.requires, mustFill: group.mustFill, count: group.free, total: group.total }));
}

/**
 * Free and total seats per station, shift and position, kept with the seat list they were counted
 * for. A step's seat list is a copy of the one before with the changed seats replaced, so its counts
 * follow from the previous list's and the step's changes (`describeBoardChange`) instead of a count
 * of every seat.
 */
const groupCountsByList = new WeakMap<readonly EngineSeat[], SeatGroupCounts>();

function countSeatGroups(seats: readonly EngineSeat[]): SeatGroupCounts {
  const kept = groupCountsByList.get(seats);
  if (kept) return kept;
  const groups: SeatGroupCounts = new Map();
  const ruled = new Set<SeatGroupCount>();
  for (const seat of seats) {
    let station = groups.get(seat.stationId);
    if (!station) {
      station = new Map();
      groups.set(seat.stationId, station);
    }
    const key = SHIFT_POSITION_KEYS[seat.shift][seat.seatPosition];
    const group = station.get(key) ?? { free: 0, total: 0 };
    group.total += 1;
    if (seat.holderMemberId === null) group.free += 1;
    station.set(key, group);
    if (hasRule(seat)) ruled.add(group);
  }
  if (ruled.size > 0) {
    // Only positions with a rule are split, so a department without rules counts as before.
    for (const seat of seats) {
      const group = groupAt(groups, seat);
      if (!group || !ruled.has(group)) continue;
      group.rules ??= new Map();
      const ruleKey = seatRuleKey(seat);
      const rule = group.rules.get(ruleKey) ?? {
        requires: [...(seat.requires ?? [])].sort(),
        mustFill: seat.mustFill === true,
        free: 0,
        total: 0,
      };
      rule.total += 1;
      if (seat.holderMemberId === null) rule.free += 1;
      group.rules.set(ruleKey, rule);
    }
  }
  groupCountsByList.set(seats, groups);
  return groups;
}

/** The counts of `after`'s seats from those of `before`'s and the seats the step changed. */
function advanceSeatGroups(before: EngineState, after: EngineState, changes: StateChanges): SeatGroupCounts {
  const kept = groupCountsByList.get(after.seats);
  if (kept) return kept;
  // Moved on, not copied: the list before the step is not counted again (if it is, it is recounted).
  const groups = countSeatGroups(before.seats);
  groupCountsByList.delete(before.seats);
  for (const { before: was, after: is } of changes.seats) {
    const wasFree = was.holderMemberId === null;
    const isFree = is.holderMemberId === null;
    if (wasFree === isFree) continue;
    const group = groupAt(groups, is);
    if (!group) continue;
    group.free += isFree ? 1 : -1;
    const rule = group.rules?.get(seatRuleKey(is));
    if (rule) rule.free += isFree ? 1 : -1;
  }
  groupCountsByList.set(after.seats, groups);
  return groups;
}

/** The station's seat groups with their free counts, and its totals, recomputed. */
export function presentBoardStation(
  station: BoardStationInfo,
  countOf: (
    shift: Shift,
    position: SeatPosition,
  ) => { free: number; total: number; groups?: BoardSeatRuleGroup[] | undefined } | undefined,
): BoardStation {
  const positionsOfShift = (shift: Shift) =>
    SEAT_POSITIONS.flatMap((position) => {
      const group = countOf(shift, position);
      if (!group || group.total <= 0) return [];
      return [
        group.groups
          ? { position, count: group.free, total: group.total, groups: group.groups }
          : { position, count: group.free, total: group.total },
      ];
    });
  const availablePositions = { A: positionsOfShift('A'), B: positionsOfShift('B'), C: positionsOfShift('C') };
  const allGroups = SHIFTS.flatMap((shift) => availablePositions[shift]);
  return {
    id: station.id,
    _id: station.id,
    name: station.name,
    number: station.number,
    address: station.address,
    availablePositions,
    available: allGroups.reduce((sum, group) => sum + group.count, 0),
    totalCapacity: allGroups.reduce((sum, group) => sum + group.total, 0),
  };
}

/**
 * A board's stations as presented from one seat list. A later board of the same stations reuses
 * each station whose seats are the same objects (the engine never changes a seat in place, so a
 * pick makes new objects of the seats it changes only): 1,200 stations are presented again as the
 * one or two a pick changed.
 */
export interface PresentedStations {
  stations: readonly BoardStationInfo[];
  seats: readonly EngineSeat[];
  presented: readonly BoardStation[];
}

/** The ids of the stations whose seats are not the same objects as in `previous`; undefined: all. */
function changedStationIds(
  previous: PresentedStations | undefined,
  input: {
    stations: readonly BoardStationInfo[];
    seats: readonly EngineSeat[];
  },
): Set<string> | undefined {
  if (!previous || previous.stations !== input.stations || previous.seats.length !== input.seats.length)
    return undefined;
  const changed = new Set<string>();
  input.seats.forEach((seat, index) => {
    const before = previous.seats[index];
    if (before === seat) return;
    changed.add(seat.stationId);
    if (before) changed.add(before.stationId);
  });
  return changed;
}

/**
 * The whole board. `recentPicks` come from the stored bids (newest first), since the engine's
 * state does not keep when each seat was won.
 */
export function buildSessionBoard(input: {
  session: BoardSessionInfo;
  state: EngineState;
  stations: readonly BoardStationInfo[];
  recentPicks: readonly BoardPick[];
  /**
   * Certification names by code for a session that has not frozen its own yet (before the start):
   * the department's catalogue now. The session's frozen names win.
   */
  certificationNames?: Readonly<Record<string, string>>;
  /** The stations of the board before, when the caller keeps it (`PresentedStations`). */
  previous?: PresentedStations;
}): SessionBoard {
  const { session, state } = input;
  const groups = countSeatGroups(state.seats);
  const changed = changedStationIds(input.previous, { stations: input.stations, seats: state.seats });
  return {
    sessionId: session.sessionId,
    version: session.version,
    name: session.name,
    description: session.description,
    year: session.year,
    bidWindowDuration: session.bidWindowMinutes,
    autoAssignTimeout: session.autoAssignTimeoutMinutes,
    eligibilityMode: session.eligibilityMode,
    startDate: session.startDate?.toISOString() ?? null,
    endDate: session.endDate?.toISOString() ?? null,
    scheduledStart: session.scheduledStart?.toISOString() ?? null,
    scheduledEnd: session.scheduledEnd?.toISOString() ?? null,
    ...buildBoardHead(state),
    stations: input.stations.map((station, index) => {
      const kept = changed && !changed.has(station.id) ? input.previous?.presented[index] : undefined;
      if (kept) return kept;
      const stationGroups = groups.get(station.id);
      return presentBoardStation(station, (shift, position) => {
        const group = stationGroups?.get(SHIFT_POSITION_KEYS[shift][position]);
        return group && { free: group.free, total: group.total, groups: listRuleGroups(group.rules) };
      });
    }),
    recentPicks: input.recentPicks.slice(0, BOARD_RECENT_PICKS_COUNT),
    rounds: listBoardRounds(state),
    effectiveDate: state.session.effectiveDate ?? null,
    certificationNames: { ...(input.certificationNames ?? {}), ...(state.session.certificationNames ?? {}) },
  };
}

/** The session's rounds with where each starts in the queue, which is ordered by round. */
export function listBoardRounds(state: Pick<EngineState, 'session' | 'participants'>): BoardRound[] {
  const rounds = state.session.rounds ?? [];
  if (rounds.length === 0) return [];
  const sizes = rounds.map(() => 0);
  for (const participant of state.participants) {
    const index = participant.round ?? 0;
    if (index < sizes.length) sizes[index] = (sizes[index] ?? 0) + 1;
  }
  let first = 0;
  return rounds.map((round, index) => {
    const participants = sizes[index] ?? 0;
    const entry = {
      name: round.name,
      ranks: [...round.ranks],
      bidWindowDuration: round.bidWindowMinutes,
      firstQueuePosition: first,
      participants,
    };
    first += participants;
    return entry;
  });
}

/** What one step changed of the board, for its events. */
export interface BoardChange {
  head: BoardHead;
  /** Null when the step changed too many seat groups to list, or was a rewind: clients read the board again. */
  seatCounts: SeatCountChange[] | null;
  /** The seats the step awarded, by participant. */
  picks: Map<string, BoardPick>;
}

/**
 * The board's change from `before` to `after` by a step with `events`; `changes` are the step's
 * changed entries when the caller has them already.
 */
export function describeBoardChange(
  before: EngineState,
  after: EngineState,
  events: readonly EngineEvent[],
  changes: StateChanges = findStateChanges(before, after),
): BoardChange {
  const groups = advanceSeatGroups(before, after, changes);
  const changedGroups = new Map<string, SeatCountChange>();
  for (const { before: was, after: is } of changes.seats) {
    if (was.holderMemberId === is.holderMemberId) continue;
    const key = groupKey(is.stationId, is.shift, is.seatPosition);
    const group = groupAt(groups, is);
    const ruleGroups = listRuleGroups(group?.rules);
    changedGroups.set(key, {
      stationId: is.stationId,
      shift: is.shift,
      position: is.seatPosition,
      free: group?.free ?? 0,
      ...(ruleGroups
        ? { groups: ruleGroups.map((rule) => ({ requires: rule.requires, mustFill: rule.mustFill, free: rule.count })) }
        : {}),
    });
  }
  // A rewind takes picks back, which a patch cannot: clients read the board again.
  const isRewind = events.some((event) => event.kind === 'history' && event.entry.action === 'session_rewound');
  const seatCounts =
    changedGroups.size <= MAX_SEAT_COUNT_CHANGES_PER_EVENT && !isRewind ? [...changedGroups.values()] : null;
  const changedParticipants = new Map(changes.participants.map(({ after: is }) => [is.participantId, is]));
  const picks = new Map<string, BoardPick>();
  for (const event of events) {
    if (event.kind !== 'history' || !event.entry.participantId || !event.entry.seat) continue;
    const participant = changedParticipants.get(event.entry.participantId);
    const kind = participant?.outcome ? AWARD_KIND[participant.outcome] : undefined;
    if (!participant || !kind || participant.awardedSeat?.seatId !== event.entry.seat.seatId) continue;
    const seat = event.entry.seat;
    picks.set(participant.participantId, {
      ...toBoardPickParticipant(participant),
      station: { id: seat.stationId, name: seat.stationName, number: seat.stationNumber },
      shift: seat.shift,
      position: seat.seatPosition,
      kind,
      placedBy: kind === 'proxy' ? event.entry.actorName : null,
      at: new Date(event.entry.at).toISOString(),
      ...(event.entry.details.source === 'standing_bid' ? { standingBid: true } : {}),
      ...openedOf(event.entry.details.opened),
    });
  }
  return { head: buildBoardHead(after), seatCounts, picks };
}

/** A vacancy bid's opened seat as a pick names it: `{ opened }`, or nothing for any other award. */
export function openedOf(opened: unknown): Pick<BoardPick, 'opened'> {
  if (typeof opened !== 'object' || opened === null) return {};
  const seat = opened as SeatRef;
  return {
    opened: {
      station: { id: seat.stationId, name: seat.stationName, number: seat.stationNumber },
      shift: seat.shift,
      position: seat.seatPosition,
    },
  };
}

function toBoardPickParticipant(participant: EngineParticipant) {
  return {
    participantId: participant.participantId,
    memberId: participant.memberId,
    name: participant.name,
    rank: participant.rank,
    bidPriority: participant.bidPriority,
  };
}
