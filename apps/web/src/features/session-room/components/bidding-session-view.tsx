import { Center, Grid, Loader, Stack } from '@mantine/core';
import { type BidSession, type BidSessionStatus, type SessionBoard, TIMERS } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { invalidateBidHistory } from '../../../lib/member-queries.ts';
import {
  type MyParticipation,
  useMyParticipationQuery,
  useSessionBoardQuery,
  useSessionHistoryQuery,
} from '../../../lib/session-queries.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { ChatWidget } from '../../chat/index.ts';
import { toAssignmentStations } from '../utils/assignment-stations.ts';
import { LiveDraftView } from './live-draft-view.tsx';
import { LiveSessionStatusCard } from './live-session-status-card.tsx';
import { RecentPicksFeed } from './recent-picks-feed.tsx';
import { SessionDetailsCard } from './session-details-card.tsx';
import { SessionTurnArea } from './session-turn-area.tsx';
import { StationAssignmentsPanel } from './station-assignments-panel.tsx';

interface BiddingSessionViewProps {
  /** The centred session as GET /bid-sessions/current (or the sessions list) sent it: its calendar facts. */
  initialSession: BidSession;
  renderHeader: (status: BidSessionStatus) => ReactNode;
  /** The cards that do not depend on this session (other sessions, stats, shortcuts, notifications). */
  sideCards: ReactNode;
}

export function BiddingSessionView({ initialSession, renderHeader, sideCards }: BiddingSessionViewProps) {
  const sessionId = initialSession.id;
  const me = useCurrentUser();
  useLiveSession(sessionId, { memberId: me.id });
  const isLive = useIsLiveConnected(sessionId);
  const pollIntervalMs = isLive ? false : TIMERS.liveRefreshMs;
  const boardQuery = useSessionBoardQuery(sessionId, pollIntervalMs);
  const participationQuery = useMyParticipationQuery(sessionId, pollIntervalMs);

  if (boardQuery.data === undefined || participationQuery.isPending) {
    return (
      <Stack gap="md">
        {renderHeader(initialSession.status)}
        <Center py="xl">
          <Loader role="status" aria-label="Loading session" />
        </Center>
      </Stack>
    );
  }
  return (
    <BiddingSessionBoard
      session={initialSession}
      board={boardQuery.data}
      participation={participationQuery.data ?? null}
      pollIntervalMs={pollIntervalMs}
      renderHeader={renderHeader}
      sideCards={sideCards}
    />
  );
}

interface BiddingSessionBoardProps extends Omit<BiddingSessionViewProps, 'initialSession'> {
  session: BidSession;
  board: SessionBoard;
  participation: MyParticipation | null;
  pollIntervalMs: number | false;
}

function BiddingSessionBoard({
  session,
  board,
  participation,
  pollIntervalMs,
  renderHeader,
  sideCards,
}: BiddingSessionBoardProps) {
  const sessionId = board.sessionId;
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const myEntry = participation?.participant ?? null;
  const isParticipant = myEntry !== null;
  const canReadHistory = isParticipant || me.isAdmin;
  const historyQuery = useSessionHistoryQuery(sessionId, pollIntervalMs, canReadHistory);

  return (
    <Stack gap="md">
      {renderHeader(board.status)}

      <SessionTurnArea
        board={board}
        myEntry={myEntry}
        serverPeopleAhead={participation?.peopleAhead ?? null}
        ownRules={participation}
        onTurnFinished={() => void invalidateBidHistory(queryClient)}
      />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <LiveSessionStatusCard board={board} />
            {/* A completed session has no seats left to choose: its results say who got which. */}
            {board.status !== 'completed' && (
              <StationAssignmentsPanel stations={toAssignmentStations(board.stations)} sessionId={board.sessionId} />
            )}
            <LiveDraftView board={board} history={historyQuery.data} isAdmin={me.isAdmin} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SessionDetailsCard session={{ ...session, name: board.name, description: board.description }} />
            <RecentPicksFeed picks={board.recentPicks} sessionType={session.type} />
            {sideCards}
          </Stack>
        </Grid.Col>
      </Grid>

      {canReadHistory && <ChatWidget sessionId={sessionId} />}
    </Stack>
  );
}
