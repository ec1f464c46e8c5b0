import type { Participant, SessionBoard } from '@stationbid/domain';
import { useEffect, useState } from 'react';
import { useTurnCountdown } from '../../../lib/use-turn-countdown.ts';
import { useSkipTurn } from '../api/skip-turn.ts';
import { useSubmitBid } from '../api/submit-bid.ts';
import { useTurnExpiry } from './use-turn-expiry.ts';

/**
 * The member's own turn, as both bidding screens (the live page and /bidding) handle it: the
 * countdown on the server's clock, bid and skip with their dialogs, and the expiry notice.
 *
 * After the member's own bid or skip the banner hides and the dialogs close at once, before the
 * refetch moves the turn on; `onTurnFinished` lets the page reset its own parts too.
 */
export function useOwnTurn(
  board: SessionBoard,
  myEntry: Participant | null,
  { onTurnFinished }: { onTurnFinished?: () => void } = {},
) {
  const { clock, remainingMs } = useTurnCountdown(board);
  const isPaused = board.status === 'paused';
  const isRunning = board.status === 'active' || isPaused;
  // The board names the turn holder as soon as the event arrives; the member's own entry may lag a read.
  const isMyTurn = isRunning && myEntry !== null && board.turn?.participantId === myEntry.id;
  const turnKey = `${board.currentParticipant}:${board.currentBidEnd ?? ''}`;

  const [finishedTurnKey, setFinishedTurnKey] = useState<string | null>(null);
  const [isBidModalOpen, setIsBidModalOpen] = useState(false);
  const [isSkipConfirmOpen, setIsSkipConfirmOpen] = useState(false);
  const finishTurn = () => {
    setFinishedTurnKey(turnKey);
    setIsBidModalOpen(false);
    setIsSkipConfirmOpen(false);
    onTurnFinished?.();
  };
  const submitBid = useSubmitBid(board.sessionId, { onSuccess: finishTurn });
  const skipTurn = useSkipTurn(board.sessionId, { onSuccess: finishTurn });
  const expiry = useTurnExpiry({
    sessionId: board.sessionId,
    clock,
    remainingMs,
    isMyTurn,
    myOutcome: myEntry?.outcome ?? null,
  });

  /** The member holds the turn and has not bid or skipped yet (the countdown may be at 0). */
  const isTurnOpen = isMyTurn && finishedTurnKey !== turnKey;
  /** The turn is open and has time left: the banner, bid and skip show. */
  const isBannerShown = isTurnOpen && !expiry.hasRunOut;
  // A new turn of the member's (after being moved to the back) replaces an old expiry notice.
  useEffect(() => {
    if (isBannerShown) expiry.dismissExpiredNotice();
  }, [isBannerShown, expiry.dismissExpiredNotice]);

  return {
    remainingMs,
    isPaused,
    isTurnOpen,
    isBannerShown,
    expiry,
    submitBid,
    skipTurn,
    bidModal: {
      isOpen: isBidModalOpen && isBannerShown,
      open: () => setIsBidModalOpen(true),
      close: () => setIsBidModalOpen(false),
    },
    skipConfirm: {
      isOpen: isSkipConfirmOpen && isBannerShown,
      open: () => setIsSkipConfirmOpen(true),
      close: () => setIsSkipConfirmOpen(false),
    },
  };
}
