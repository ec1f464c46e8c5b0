import type { BidSessionDetail, Participant } from '@stationbid/domain';
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
  session: BidSessionDetail,
  myEntry: Participant | null,
  { onTurnFinished }: { onTurnFinished?: () => void } = {},
) {
  const { clock, remainingMs } = useTurnCountdown(session);
  const isPaused = session.status === 'paused';
  const isRunning = session.status === 'active' || isPaused;
  const isMyTurn = isRunning && myEntry?.isCurrentTurn === true;
  const turnKey = `${session.currentParticipant}:${session.currentBidEnd ?? ''}`;

  const [finishedTurnKey, setFinishedTurnKey] = useState<string | null>(null);
  const [isBidModalOpen, setIsBidModalOpen] = useState(false);
  const [isSkipConfirmOpen, setIsSkipConfirmOpen] = useState(false);
  const finishTurn = () => {
    setFinishedTurnKey(turnKey);
    setIsBidModalOpen(false);
    setIsSkipConfirmOpen(false);
    onTurnFinished?.();
  };
  const submitBid = useSubmitBid(session.id, { onSuccess: finishTurn });
  const skipTurn = useSkipTurn(session.id, { onSuccess: finishTurn });
  const expiry = useTurnExpiry({
    sessionId: session.id,
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
