import { LIMITS } from '@stationbid/domain';
import { useEffect, useRef, useState } from 'react';
import { describeCountdown } from '../../../lib/turn-countdown.ts';

interface TurnAnnouncementInput {
  /** The member holds the turn and has not bid or skipped yet. */
  isTurnOpen: boolean;
  remainingMs: number | null;
  isPaused: boolean;
  /** "Station 4, B shift, Engineer" once the member won a seat in the session, else null. */
  award: string | null;
  /** The member's turn ran out without a bid or skip of theirs. */
  hasExpired?: boolean;
  /** The words of the outcome card in the header's place (its title and lines), or null while none shows. */
  outcomeCard?: string | null;
}

/**
 * The words announced when the member's turn runs out (bidding-rules.md, "When a turn's deadline
 * passes"); the outcome card in the header's place then says what followed.
 */
export const TURN_EXPIRED_MESSAGE = 'Your time ran out.';

const FINAL_MINUTE_MS = LIMITS.countdownWarningSeconds * 1000;

/**
 * What the page's one polite live region says: the start of the member's turn, their award,
 * "60 seconds left" once per turn, that their time ran out, and the outcome card when it arrives or
 * changes (its words replace the award's, which they include). Only changes are announced: a seat already held when the page
 * opened is shown, not read out again; a turn already open when the page opens is announced, since
 * that is the moment the member must act.
 */
export function useTurnAnnouncements({
  isTurnOpen,
  remainingMs,
  isPaused,
  award,
  hasExpired = false,
  outcomeCard = null,
}: TurnAnnouncementInput): string {
  const [message, setMessage] = useState('');
  const wasTurnOpen = useRef(false);
  const hasWarned = useRef(false);
  const lastAward = useRef<string | null | undefined>(undefined);
  const lastOutcomeCard = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (isTurnOpen && !wasTurnOpen.current) {
      // A turn that opens (or a page that opens) inside the last minute says so once, at the start.
      hasWarned.current = remainingMs !== null && remainingMs <= FINAL_MINUTE_MS;
      const left = remainingMs === null ? '' : ` ${describeCountdown(remainingMs)}.`;
      setMessage(`Your turn has started: choose a seat and bid.${left}`);
    }
    wasTurnOpen.current = isTurnOpen;
  }, [isTurnOpen, remainingMs]);

  useEffect(() => {
    if (!isTurnOpen || isPaused || remainingMs === null || hasWarned.current) return;
    if (remainingMs > 0 && remainingMs <= FINAL_MINUTE_MS) {
      hasWarned.current = true;
      setMessage(`${LIMITS.countdownWarningSeconds} seconds left in your turn.`);
    }
  }, [isTurnOpen, isPaused, remainingMs]);

  useEffect(() => {
    if (lastAward.current !== undefined && award !== null && award !== lastAward.current) {
      setMessage(`You were awarded ${award}.`);
    }
    lastAward.current = award;
  }, [award]);

  useEffect(() => {
    if (hasExpired) setMessage(TURN_EXPIRED_MESSAGE);
  }, [hasExpired]);

  // Last, so that in one render the card's words win over the award's or "time ran out".
  useEffect(() => {
    if (lastOutcomeCard.current !== undefined && outcomeCard !== null && outcomeCard !== lastOutcomeCard.current) {
      setMessage(outcomeCard);
    }
    lastOutcomeCard.current = outcomeCard;
  }, [outcomeCard]);

  return message;
}
