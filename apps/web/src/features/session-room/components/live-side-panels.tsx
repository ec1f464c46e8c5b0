/**
 * The live page's side column: the latest picks (a vacancy bid's chain of moves), the session's facts and progress, who is
 * connected, and the history. Loaded on demand (lazy-live-side-panels.tsx): the live page's first
 * load keeps to issue 14's 250 kB for what the member needs at once, their turn and the seats.
 */
import { Stack } from '@mantine/core';
import type { BidSession, BidSessionType, SessionBoard, SessionHistoryEntry } from '@stationbid/domain';
import { ConnectedUsers } from './connected-users.tsx';
import { RecentPicksFeed } from './recent-picks-feed.tsx';
import { SessionHistory, SessionInfo } from './session-info.tsx';

export interface LiveSidePanelsProps {
  board: SessionBoard;
  /** The session's calendar days (the sessions list carries them); null while unknown. */
  dates: Pick<BidSession, 'startDate' | 'endDate'> | null;
  history: SessionHistoryEntry[] | undefined;
  /** The session's type (the sessions list carries it, the board does not); undefined while unknown. */
  sessionType?: BidSessionType | undefined;
}

export function LiveSidePanels({ board, dates, history, sessionType }: LiveSidePanelsProps) {
  return (
    <Stack gap="md">
      <RecentPicksFeed picks={board.recentPicks} sessionType={sessionType} />
      <SessionInfo board={board} dates={dates} />
      <ConnectedUsers sessionId={board.sessionId} />
      <SessionHistory history={history} />
    </Stack>
  );
}
