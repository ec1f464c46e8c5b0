/**
 * The top of both session pages (/live-bid/:id and /bidding, /bid/:id): the "on the clock" header
 * (or, once the member's turn has an outcome, the lasting card in its place), and below it either
 * the member's one bid action (their turn) or, while they wait, the last three picks (on a phone)
 * and their ranked list, then what they would likely get from that list. Both pages compose it the
 * same way, so "your turn" reads the same on both.
 */
import { Stack } from '@mantine/core';
import type { BidSessionStatus, HeldCertification, Participant, SessionBoard, TurnStory } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { scheduleSessionRead } from '../../../lib/session-follow.ts';
import { useOwnTurn } from '../hooks/use-own-turn.ts';
import { countPeopleAhead } from '../utils/live-bidding-format.ts';
import { findTurnOutcome } from '../utils/turn-outcome.ts';
import { isTurnNear, LazyBidPanel } from './lazy-bid-panel.tsx';
import { LazyForecastPanel } from './lazy-forecast-panel.tsx';
import { type MyRound, OnTheClockHeader } from './on-the-clock-header.tsx';
import { PinnedPicks } from './pinned-picks.tsx';
import { RankedListBeforeTurn } from './ranked-list-before-turn.tsx';
import { SeatRulesCard } from './seat-rules-card.tsx';

export interface SessionTurnAreaProps {
  board: SessionBoard;
  /** The member's own entry, or null for a watcher. */
  myEntry: Participant | null;
  /** The server's count of those ahead (my-participation), or null. */
  serverPeopleAhead: number | null;
  /** After the member's own bid or skip (e.g. to read their bid history again). */
  onTurnFinished?: () => void;
  /** The member's own round and certifications (my-participation); absent for a watcher or an older server. */
  ownRules?: {
    myRound?: MyRound | null | undefined;
    certifications?: HeldCertification[] | undefined;
    /** How the member's turn went (my-participation), for the outcome card. */
    turnStory?: TurnStory | undefined;
  } | null;
}

const NO_CERTIFICATIONS: HeldCertification[] = [];

/** The statuses a member's forecast is answered for (a completed session has none). */
const FORECAST_STATUSES: ReadonlySet<BidSessionStatus> = new Set(['scheduled', 'active', 'paused']);

export function SessionTurnArea({
  board,
  myEntry,
  serverPeopleAhead,
  onTurnFinished,
  ownRules = null,
}: SessionTurnAreaProps) {
  const certifications = ownRules?.certifications ?? NO_CERTIFICATIONS;
  const rank = myEntry?.user.rank;
  const member = useMemo(() => (rank === undefined ? undefined : { rank, certifications }), [rank, certifications]);
  const turn = useOwnTurn(board, myEntry, { onTurnFinished });
  const peopleAhead = countPeopleAhead(board, myEntry, serverPeopleAhead);
  // The deadline's tooltip names the department's zone (issue 15), whatever the phone's own.
  const timeZone = useDepartmentTimeZone();
  const isWaiting = myEntry !== null && myEntry.outcome === null && board.status !== 'completed' && !turn.isTurnOpen;
  // A participant's own forecast, before and during the session (a watcher has no list to forecast).
  const hasForecast = myEntry !== null && FORECAST_STATUSES.has(board.status);
  const outcome = findTurnOutcome({
    board,
    myEntry,
    story: ownRules?.turnStory,
    peopleAhead,
    hasExpired: turn.expiry.isExpiredNoticeShown,
    isTurnOpen: turn.isBannerShown,
  });
  const isRunning = board.status === 'active' || board.status === 'paused';
  // A session ended while the member waited leaves their own place as last read (no outcome): it is
  // read again, jittered like every watcher's read, so the card can say how it ended for them.
  const queryClient = useQueryClient();
  const isPlaceStale = board.status === 'completed' && myEntry !== null && myEntry.outcome === null;
  useEffect(() => {
    if (isPlaceStale) scheduleSessionRead(queryClient, board.sessionId, { includesMemberData: true });
  }, [isPlaceStale, queryClient, board.sessionId]);

  return (
    <Stack gap="md">
      <OnTheClockHeader
        board={board}
        myEntry={myEntry}
        peopleAhead={peopleAhead}
        remainingMs={turn.remainingMs}
        isPaused={turn.isPaused}
        isTurnOpen={turn.isBannerShown}
        hasExpired={turn.expiry.isExpiredNoticeShown}
        timeZone={timeZone}
        myRound={ownRules?.myRound ?? null}
        outcome={outcome}
      />
      {isWaiting && isRunning && <PinnedPicks picks={board.recentPicks} />}
      <LazyBidPanel
        isTurnNear={isTurnNear(turn.isTurnOpen, peopleAhead)}
        panel={
          myEntry !== null && turn.isBannerShown
            ? {
                board,
                bidder: myEntry,
                submitBid: turn.submitBid,
                isPaused: turn.isPaused,
                onSkip: turn.skipConfirm.open,
                skip: {
                  isOpen: turn.skipConfirm.isOpen,
                  isSkipping: turn.skipTurn.isPending,
                  onConfirm: () => turn.skipTurn.mutate(),
                  onCancel: turn.skipConfirm.close,
                },
                turnKey: String(board.currentParticipant),
                certifications,
              }
            : null
        }
      />
      {isWaiting && <RankedListBeforeTurn board={board} member={member} />}
      {hasForecast && (
        <LazyForecastPanel
          sessionId={board.sessionId}
          boardVersion={board.version}
          hasOutcome={myEntry.outcome !== null}
        />
      )}
      {board.status !== 'completed' && (
        <SeatRulesCard board={board} member={myEntry === null ? null : { rank: myEntry.user.rank, certifications }} />
      )}
    </Stack>
  );
}
