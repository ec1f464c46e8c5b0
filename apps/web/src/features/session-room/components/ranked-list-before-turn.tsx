/**
 * "Your ranked list — used if you miss your turn": while the member waits, their ranked seat
 * choices in the users feature's editor (drag and drop or keyboard, each seat marked Free or Taken
 * on this session's board as events patch it, auto-bid beside it). When the turn runs out with
 * auto-bid on (the default), the server awards the first choice still free (bidding-rules.md); a
 * member who turned auto-bid off sees a heading that says the list is not used then. The editor's
 * code (and dnd-kit's) is fetched on demand by the users feature's lazy wrapper.
 */
import { Paper } from '@mantine/core';
import {
  boardEffectiveDate,
  type HeldCertification,
  qualifiedStations,
  type Rank,
  type SessionBoard,
} from '@stationbid/domain';
import { useMemo } from 'react';
import { LazyRankedListEditor } from '../../users/index.ts';

export const RANKED_LIST_TITLE = 'Your ranked list — used if you miss your turn';
export const RANKED_LIST_AUTO_BID_OFF_TITLE = 'Your ranked list — not used if you miss your turn: auto-bid is off';

export interface RankedListBeforeTurnProps {
  board: Pick<SessionBoard, 'eligibilityMode' | 'stations' | 'effectiveDate' | 'certificationNames'>;
  /** The member (rank and own certifications): the list's seats are those they qualify for. */
  member?: { rank: Rank; certifications: readonly HeldCertification[] } | undefined;
}

export function RankedListBeforeTurn({ board, member }: RankedListBeforeTurnProps) {
  // The editor offers and marks the board's free seats; counted over the seats the member
  // qualifies for, a Paramedic seat reads as not open to a member without the card.
  const offered = useMemo(
    () =>
      member === undefined
        ? board
        : { ...board, stations: qualifiedStations(board, member, boardEffectiveDate(board, Date.now())) },
    [board, member],
  );
  return (
    <Paper withBorder p="md" radius="md">
      <LazyRankedListEditor
        board={offered}
        title={RANKED_LIST_TITLE}
        autoBidOffTitle={RANKED_LIST_AUTO_BID_OFF_TITLE}
        headingOrder={2}
      />
    </Paper>
  );
}
