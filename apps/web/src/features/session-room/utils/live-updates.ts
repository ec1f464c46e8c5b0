/**
 * The Live Updates bell's list on the live bidding page: the session's events as the live
 * stream brings them, newest first, a bounded number kept, each put into words.
 */
import { HISTORY_ACTIONS, type HistoryAction, type SessionChangedEvent } from '@stationbid/domain';
import { formatSeat, HISTORY_ACTION_LABELS } from '../../../lib/session-format.ts';

/** The bell keeps the latest 20 events: enough for a few minutes of bidding, short enough to read. */
export const LIVE_UPDATES_KEPT = 20;

export interface LiveUpdate extends SessionChangedEvent {
  /** Arrival number, unique within the page, so two events of the same moment stay apart. */
  key: number;
  /** Whom the event is about, as the page knew them when it arrived (the event names an id only). */
  participantName: string | null;
}

/** The list with `update` first, cut to the latest `kept`. */
export function addLiveUpdate(
  updates: readonly LiveUpdate[],
  update: LiveUpdate,
  kept: number = LIVE_UPDATES_KEPT,
): LiveUpdate[] {
  return [update, ...updates].slice(0, kept);
}

function isHistoryAction(action: string): action is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(action);
}

/**
 * "Bid submitted: Isabel Duarte" and "Station 3 (Harbor) · Shift C · Engineer". An action this build
 * does not know yet is shown as sent.
 */
export function describeLiveUpdate(
  update: Pick<LiveUpdate, 'action' | 'participantName' | 'seat'> & Pick<Partial<LiveUpdate>, 'board'>,
): {
  title: string;
  seat: string | null;
} {
  if (update.action === 'round_started') {
    // The entry is about the round, not the member whose turn begins it; the event names its index.
    const index = update.board?.currentRound;
    return { title: typeof index === 'number' ? `Round ${index + 1} began` : 'A new round began', seat: null };
  }
  const label = isHistoryAction(update.action) ? HISTORY_ACTION_LABELS[update.action] : update.action;
  const seat =
    update.seat === undefined
      ? null
      : formatSeat(
          { name: update.seat.stationName, number: update.seat.stationNumber },
          update.seat.shift,
          update.seat.seatPosition,
        );
  return { title: update.participantName === null ? label : `${label}: ${update.participantName}`, seat };
}
