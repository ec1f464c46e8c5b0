import { Center, Grid, Loader, SimpleGrid, Stack } from '@mantine/core';
import { type BidSession, type BidSessionStatus, type SessionBoard, TIMERS } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { getEligibleSeatPosition } from '../../../lib/seat-options.ts';
import {
  type MyParticipation,
  useMyParticipationQuery,
  useSessionBoardQuery,
  useSessionHistoryQuery,
} from '../../../lib/session-queries.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { bidHistoryRootQueryKey } from '../../bid-history/index.ts';
import { ChatWidget } from '../../chat/index.ts';
import { useOwnTurn } from '../hooks/use-own-turn.ts';
import { countPeopleAhead } from '../utils/live-bidding-format.ts';
import { AvailableStationsSection } from './available-stations-section.tsx';
import { LiveDraftView } from './live-draft-view.tsx';
import { LiveSessionStatusCard } from './live-session-status-card.tsx';
import { PlaceBidModal } from './place-bid-modal.tsx';
import { RecentBidsCard } from './recent-bids-card.tsx';
import { SessionDetailsCard } from './session-details-card.tsx';
import { SkipTurnDialog } from './skip-turn-dialog.tsx';
import { MyTurnBanner } from './turn-banner.tsx';
import { TurnCountdownCard } from './turn-countdown-card.tsx';
import { TurnExpiredNotice } from './turn-expired-notice.tsx';
import { YourPositionCard } from './your-position-card.tsx';

/** The bidding page's wording of an incomplete bid (spec section 5); the live page says "Please fill in all fields". */
export const BIDDING_INCOMPLETE_BID_MESSAGE = 'Please fill in all bid details';

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

  const [selectedStationId, setSelectedStationId] = useState<string | null>(null);
  const turn = useOwnTurn(board, myEntry, {
    onTurnFinished: () => {
      setSelectedStationId(null);
      void queryClient.invalidateQueries({ queryKey: bidHistoryRootQueryKey });
    },
  });
  const eligiblePosition = myEntry === null ? null : getEligibleSeatPosition(board.eligibilityMode, myEntry.user.rank);
  // Re-read on every render (each refetch and countdown tick re-renders), so "5m ago" stays true.
  const nowMs = Date.now();

  return (
    <Stack gap="md">
      {renderHeader(board.status)}

      {turn.expiry.isExpiredNoticeShown && <TurnExpiredNotice onDismiss={turn.expiry.dismissExpiredNotice} />}

      {turn.isBannerShown && (
        <MyTurnBanner
          title="It's Your Turn!"
          bidLabel="BID NOW"
          showsWarning={false}
          remainingMs={turn.remainingMs}
          isPaused={turn.isPaused}
          isSkipping={turn.skipTurn.isPending}
          onPlaceBid={turn.bidModal.open}
          onSkip={turn.skipConfirm.open}
        />
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <LiveSessionStatusCard
              board={board}
              remainingMs={turn.remainingMs}
              isMyTurn={turn.isBannerShown}
              onBidNow={turn.bidModal.open}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TurnCountdownCard isMyTurn={turn.isTurnOpen} remainingMs={turn.remainingMs} isPaused={turn.isPaused} />
              <YourPositionCard
                sessionStatus={board.status}
                myEntry={myEntry}
                peopleAhead={countPeopleAhead(board, myEntry, participation?.peopleAhead ?? null)}
                isMyTurn={turn.isBannerShown}
              />
            </SimpleGrid>
            <AvailableStationsSection
              board={board}
              isParticipant={isParticipant}
              isMyTurn={turn.isBannerShown}
              isPaused={turn.isPaused}
              eligiblePosition={eligiblePosition}
              selectedStationId={selectedStationId}
              onSelectStation={setSelectedStationId}
              onSubmitBid={turn.bidModal.open}
            />
            <LiveDraftView board={board} history={historyQuery.data} isAdmin={me.isAdmin} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SessionDetailsCard session={{ ...session, name: board.name, description: board.description }} />
            <RecentBidsCard
              history={historyQuery.data}
              canReadHistory={canReadHistory}
              error={historyQuery.error}
              onRetry={() => historyQuery.refetch()}
              isRetrying={historyQuery.isFetching}
              nowMs={nowMs}
            />
            {sideCards}
          </Stack>
        </Grid.Col>
      </Grid>

      {myEntry !== null && (
        <PlaceBidModal
          isOpen={turn.bidModal.isOpen}
          onClose={turn.bidModal.close}
          board={board}
          bidder={myEntry}
          submitBid={turn.submitBid}
          initialStationId={selectedStationId}
          incompleteMessage={BIDDING_INCOMPLETE_BID_MESSAGE}
        />
      )}
      <SkipTurnDialog
        isOpen={turn.skipConfirm.isOpen}
        isSkipping={turn.skipTurn.isPending}
        onConfirm={() => turn.skipTurn.mutate()}
        onCancel={turn.skipConfirm.close}
      />
      {canReadHistory && <ChatWidget sessionId={sessionId} />}
    </Stack>
  );
}
