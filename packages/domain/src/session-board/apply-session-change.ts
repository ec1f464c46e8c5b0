/**
 * Patches a copy of a session's board with a `session.changed` event (docs/decisions/012-session-board.md).
 * Events carry absolute values (the new head, each changed seat group's free count, the pick), so
 * an event applied twice changes nothing; what must not be skipped is a version. The web app runs
 * this on every event and reads the board again only when it answers `gap`.
 */
import type { SessionChangedEvent } from '../schemas/live.ts';
import type { BoardSeatGroup, SeatCountChange, SessionBoard } from '../schemas/session-board.ts';
import { BOARD_RECENT_PICKS_COUNT } from '../schemas/session-board.ts';
import { presentBoardStation, seatRuleKey } from './build-session-board.ts';

export type SessionChangeOutcome =
  /** The board now shows the event's version. */
  | { kind: 'applied'; board: SessionBoard }
  /** The board already shows a later version: the event changes nothing. */
  | { kind: 'stale'; board: SessionBoard }
  /** A version was missed (or the event cannot be patched in): read the board again. */
  | { kind: 'gap' };

export function applySessionChange(board: SessionBoard, event: SessionChangedEvent): SessionChangeOutcome {
  if (event.sessionId !== board.sessionId) return { kind: 'stale', board };
  if (event.version === undefined) return { kind: 'gap' };
  if (event.version < board.version) return { kind: 'stale', board };
  if (event.version > board.version + 1 || !event.board || !event.seatCounts) return { kind: 'gap' };
  const changedGroups = new Map<string, SeatCountChange>();
  for (const change of event.seatCounts) {
    changedGroups.set(`${change.stationId}|${change.shift}|${change.position}`, change);
  }
  const stations =
    changedGroups.size === 0
      ? board.stations
      : board.stations.map((station) => {
          const isTouched = event.seatCounts?.some((change) => change.stationId === station.id);
          if (!isTouched) return station;
          return presentBoardStation(station, (shift, position) => {
            const group = station.availablePositions[shift].find((candidate) => candidate.position === position);
            if (!group) return undefined;
            const change = changedGroups.get(`${station.id}|${shift}|${position}`);
            return { free: change?.free ?? group.count, total: group.total, groups: patchRuleGroups(group, change) };
          });
        });
  const pick = event.pick;
  const recentPicks =
    pick && !board.recentPicks.some((existing) => existing.participantId === pick.participantId)
      ? [pick, ...board.recentPicks].slice(0, BOARD_RECENT_PICKS_COUNT)
      : board.recentPicks;
  return { kind: 'applied', board: { ...board, ...event.board, version: event.version, stations, recentPicks } };
}

/** A position's rule groups with the free seats the event gives each (those it does not name keep theirs). */
function patchRuleGroups(group: BoardSeatGroup, change: SeatCountChange | undefined): BoardSeatGroup['groups'] {
  if (!group.groups || !change?.groups) return group.groups;
  const freeByRule = new Map(change.groups.map((rule) => [seatRuleKey(rule), rule.free]));
  return group.groups.map((rule) => ({ ...rule, count: freeByRule.get(seatRuleKey(rule)) ?? rule.count }));
}
