/**
 * A vacancy bid's chain in words (bidding-rules.md, "Vacancy bids"): each move from the seat the
 * member left, which it opened, to the seat they took, e.g. "Avery Hale: Station 2 to Station 7,
 * opened Station 2 · B shift · Firefighter". Pure, so the wording is tested without a page.
 */
import type { BidSessionType, BoardPick } from '@stationbid/domain';
import { formatSeatByNumber } from '../../../lib/session-format.ts';

/** The line of one move; a member who held no seat opened none, and took one. */
export function describeMove(pick: BoardPick): string {
  const taken = formatSeatByNumber(pick.station.number, pick.shift, pick.position);
  if (pick.opened === undefined) return `${pick.name}: took ${taken}, opened no seat`;
  const { opened } = pick;
  return `${pick.name}: Station ${opened.station.number} to Station ${pick.station.number}, opened ${formatSeatByNumber(opened.station.number, opened.shift, opened.position)}`;
}

/** The seat taken, and how when not by the member: "Took Station 7 · B shift · Firefighter (phoned in)". */
export function describeMoveTaken(pick: BoardPick): string {
  const taken = `Took ${formatSeatByNumber(pick.station.number, pick.shift, pick.position)}`;
  if (pick.standingBid === true) return `${taken} (standing bid)`;
  if (pick.kind === 'proxy') return `${taken} (phoned in)`;
  if (pick.kind === 'auto') return `${taken} (from their list)`;
  return taken;
}

/**
 * Whether the board's picks read as a chain: the session says it is a vacancy bid, or (while its
 * type is not known yet, the board does not carry it) a pick names the seat it opened.
 */
export function isVacancyChain(sessionType: BidSessionType | undefined, picks: readonly BoardPick[]): boolean {
  return sessionType === 'vacancy' || picks.some((pick) => pick.opened !== undefined);
}
