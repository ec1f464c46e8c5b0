/**
 * One member's view of the shared board: which seat groups they qualify for (rank as the session's
 * eligibility mode says, and every certification the seats require, valid on the session's
 * effective date), why a free seat is not open to them, and how many turns are left before their
 * round. The board is the same for every watcher, so this is worked out where the member's own
 * facts are (their page, from their own place); the server checks every bid again, staffing too.
 */
import {
  bidSubjectNamed,
  certificationName,
  effectiveDateOf,
  joinWords,
  missingCertificationMessage,
  missingCertifications,
  YOU,
} from '../bid-engine/qualification.ts';
import { isEligibleForSeat } from '../bid-engine/seat-availability.ts';
import type { HeldCertification } from '../bid-engine/types.ts';
import type { Rank, SeatPosition, Shift } from '../constants.ts';
import { SHIFTS } from '../constants.ts';
import type { BoardSeatGroup, BoardSeatRuleGroup, BoardStation, SessionBoard } from '../schemas/session-board.ts';

/** What the rules read of the member whose view it is. */
export interface SeatMember {
  rank: Rank;
  /** As the session counts them (frozen at its start); absent: none. */
  certifications?: readonly HeldCertification[] | undefined;
  /** Set when someone else reads about them (an administrator taking a phone-in): reasons name them. */
  name?: string;
}

type BoardRules = Pick<SessionBoard, 'eligibilityMode' | 'effectiveDate' | 'certificationNames'>;

/** The day the member's certifications must be valid on: the session's, else today (UTC) before the start. */
export function boardEffectiveDate(board: Pick<SessionBoard, 'effectiveDate'>, now: number): string {
  return effectiveDateOf({ effectiveDate: board.effectiveDate ?? null }, now);
}

/** A seat group's rule groups; a position without rules is one plain group. */
export function ruleGroupsOf(entry: BoardSeatGroup): BoardSeatRuleGroup[] {
  return entry.groups ?? [{ requires: [], mustFill: false, count: entry.count, total: entry.total }];
}

/** "Paramedic seat", "Paramedic and Driver/Operator seat"; null for seats that require nothing. */
export function describeRequiredCertifications(
  board: Pick<SessionBoard, 'certificationNames'>,
  requires: readonly string[],
): string | null {
  if (requires.length === 0) return null;
  const names = requires.map((code) => certificationName({ certificationNames: board.certificationNames ?? {} }, code));
  return `${joinWords(names)} seat`;
}

/** "Paramedic seat, must be filled", "Must be filled", "No certification needed". */
export function describeSeatRules(
  board: Pick<SessionBoard, 'certificationNames'>,
  group: Pick<BoardSeatRuleGroup, 'requires' | 'mustFill'>,
): string {
  const required = describeRequiredCertifications(board, group.requires);
  if (required === null) return group.mustFill ? 'Must be filled' : 'No certification needed';
  return group.mustFill ? `${required}, must be filled` : required;
}

/** Why the member may not take a seat of this group, in words; null when they may. */
export function whyNotQualified(
  board: BoardRules,
  member: SeatMember,
  seat: { stationNumber: number; shift: Shift; position: SeatPosition; requires: readonly string[] },
  date: string,
): string | null {
  if (!isEligibleForSeat(member.rank, seat.position, board.eligibilityMode)) {
    return `${seat.position} seats are not open to your rank (${member.rank}).`;
  }
  const missing = missingCertifications({ certifications: member.certifications ?? [] }, seat, date);
  if (missing.length === 0) return null;
  return missingCertificationMessage(
    { certificationNames: board.certificationNames ?? {} },
    { stationNumber: seat.stationNumber, shift: seat.shift, seatPosition: seat.position, requires: seat.requires },
    missing,
    member.name === undefined ? YOU : bidSubjectNamed(member.name),
  );
}

/**
 * The board's stations as the member may bid on them: each position's free and total seats counted
 * over the groups they qualify for (a position none of whose seats they qualify for reads 0 of 0,
 * and the seat pickers leave it out). The rank rule is left to the pickers, which already apply it.
 */
export function qualifiedStations(
  board: BoardRules & Pick<SessionBoard, 'stations'>,
  member: SeatMember,
  date: string,
): BoardStation[] {
  const qualifies = (group: BoardSeatRuleGroup) =>
    missingCertifications({ certifications: member.certifications ?? [] }, group, date).length === 0;
  return board.stations.map((station) => {
    if (!SHIFTS.some((shift) => station.availablePositions[shift].some((entry) => entry.groups !== undefined))) {
      return station;
    }
    const availablePositions = {
      A: [] as BoardSeatGroup[],
      B: [] as BoardSeatGroup[],
      C: [] as BoardSeatGroup[],
    };
    for (const shift of SHIFTS) {
      availablePositions[shift] = station.availablePositions[shift].map((entry) => {
        if (entry.groups === undefined) return entry;
        const open = entry.groups.filter(qualifies);
        return {
          ...entry,
          count: open.reduce((sum, group) => sum + group.count, 0),
          total: open.reduce((sum, group) => sum + group.total, 0),
        };
      });
    }
    const all = SHIFTS.flatMap((shift) => availablePositions[shift]);
    return {
      ...station,
      availablePositions,
      available: all.reduce((sum, entry) => sum + entry.count, 0),
      totalCapacity: all.reduce((sum, entry) => sum + entry.total, 0),
    };
  });
}

/** A free seat group the member's rank fits but a certification keeps from them, and why. */
export interface ClosedSeatGroup {
  key: string;
  station: BoardStation;
  shift: Shift;
  position: SeatPosition;
  requires: string[];
  mustFill: boolean;
  free: number;
  reason: string;
}

/** Free seats shown but not offered: the member's rank fits them, a certification they lack does not. */
export function listClosedSeatGroups(
  board: BoardRules & Pick<SessionBoard, 'stations'>,
  member: SeatMember,
  date: string,
): ClosedSeatGroup[] {
  const closed: ClosedSeatGroup[] = [];
  for (const station of [...board.stations].sort((a, b) => a.number - b.number)) {
    for (const shift of SHIFTS) {
      for (const entry of station.availablePositions[shift]) {
        if (!isEligibleForSeat(member.rank, entry.position, board.eligibilityMode)) continue;
        for (const group of entry.groups ?? []) {
          if (group.count <= 0) continue;
          const reason = whyNotQualified(
            board,
            member,
            { stationNumber: station.number, shift, position: entry.position, requires: group.requires },
            date,
          );
          if (reason === null) continue;
          closed.push({
            key: `${station.id}|${shift}|${entry.position}|${group.requires.join('+')}|${group.mustFill ? 'must' : ''}`,
            station,
            shift,
            position: entry.position,
            requires: group.requires,
            mustFill: group.mustFill,
            free: group.count,
            reason,
          });
        }
      }
    }
  }
  return closed;
}

/**
 * Turns still to come before the member's round begins: from the turn holder (the one bidding now
 * included) up to the round's first place in the queue; 0 once their round has begun. Turns run in
 * queue order, which is ordered by round.
 */
export function countTurnsBeforeRound(
  board: Pick<SessionBoard, 'status' | 'currentParticipant' | 'rounds'>,
  round: number,
): number {
  const first = board.rounds?.[round]?.firstQueuePosition;
  if (first === undefined || board.status === 'completed') return 0;
  const isRunning = board.status === 'active' || board.status === 'paused';
  const firstWaiting = isRunning ? Math.max(0, board.currentParticipant - 1) : 0;
  return Math.max(0, first - firstWaiting);
}
