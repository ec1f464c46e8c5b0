/**
 * "Your ranked list — used if you miss your turn": while the member waits, their ranked seat
 * choices in the users feature's editor (drag and drop or keyboard, each seat marked Free or Taken
 * on this session's board as events patch it, auto-bid beside it). When the turn runs out with
 * auto-bid on, the server awards the first choice still free (bidding-rules.md). The editor's code
 * (and dnd-kit's) is fetched on demand by the users feature's lazy wrapper.
 */
import { Paper } from '@mantine/core';
import type { SessionBoard } from '@stationbid/domain';
import { LazyRankedListEditor } from '../../users/index.ts';

export const RANKED_LIST_TITLE = 'Your ranked list — used if you miss your turn';

export interface RankedListBeforeTurnProps {
  board: Pick<SessionBoard, 'eligibilityMode' | 'stations'>;
}

export function RankedListBeforeTurn({ board }: RankedListBeforeTurnProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <LazyRankedListEditor board={board} title={RANKED_LIST_TITLE} headingOrder={2} />
    </Paper>
  );
}
