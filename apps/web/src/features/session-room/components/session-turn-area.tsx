/**
 * The top of both session pages (/live-bid/:id and /bidding, /bid/:id): the "on the clock" header,
 * the expiry notice, and below it either the member's one bid action (their turn) or their ranked
 * list (while they wait), then what they would likely get from that list. Both pages compose it the
 * same way, so "your turn" reads the same on both.
 */
import { Stack } from '@mantine/core';
import type { BidSessionStatus, HeldCertification, Participant, SessionBoard } from '@stationbid/domain';
import { useMemo } from 'react';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { useOwnTurn } from '../hooks/use-own-turn.ts';
import { countPeopleAhead } from '../utils/live-bidding-format.ts';
import { isTurnNear, LazyBidPanel } from './lazy-bid-panel.tsx';
import { LazyForecastPanel } from './lazy-forecast-panel.tsx';
import { type MyRound, OnTheClockHeader } from './on-the-clock-header.tsx';
import { RankedListBeforeTurn } from './ranked-list-before-turn.tsx';
import { SeatRulesCard } from './seat-rules-card.tsx';
import { TurnExpiredNotice } from './turn-expired-notice.tsx';

export interface SessionTurnAreaProps {
  board: SessionBoard;
  /** The member's own entry, or null for a watcher. */
  myEntry: Participant | null;
  /** The server's count of those ahead (my-participation), or null. */
  serverPeopleAhead: number | null;
  /** After the member's own bid or skip (e.g. to read their bid history again). */
  onTurnFinished?: () => void;
  /** The member's own round and certifications (my-participation); absent for a watcher or an older server. */
  ownRules?: { myRound?: MyRound | null | undefined; certifications?: HeldCertification[] | undefined } | null;
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
      />
      {turn.expiry.isExpiredNoticeShown && <TurnExpiredNotice onDismiss={turn.expiry.dismissExpiredNotice} />}
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
