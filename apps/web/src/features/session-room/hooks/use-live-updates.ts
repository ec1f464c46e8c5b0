import type { LiveEvent } from '@stationbid/domain';
import { useCallback, useState } from 'react';
import type { SessionChangeContext } from '../../../lib/session-follow.ts';
import { addLiveUpdate, type LiveUpdate } from '../utils/live-updates.ts';

interface LiveUpdatesState {
  updates: LiveUpdate[];
  /** Events that arrived while the list was closed, since it was last opened. */
  unseenCount: number;
  isOpen: boolean;
  nextKey: number;
}

const INITIAL_STATE: LiveUpdatesState = { updates: [], unseenCount: 0, isOpen: false, nextKey: 1 };

export interface LiveUpdates {
  updates: readonly LiveUpdate[];
  unseenCount: number;
  isOpen: boolean;
  /** Give to `useLiveSession` as its `onEvent`: session events join the list, chat messages do not (the chat shows them). */
  addEvent: (event: LiveEvent, context: SessionChangeContext | null) => void;
  setOpen: (isOpen: boolean) => void;
}

/**
 * The Live Updates bell's state, kept by the page so that events arriving before the bell shows (or
 * while the session is paused) are not lost. Opening the list marks everything seen.
 */
export function useLiveUpdates(): LiveUpdates {
  const [state, setState] = useState(INITIAL_STATE);
  const addEvent = useCallback((event: LiveEvent, context: SessionChangeContext | null) => {
    if (event.type !== 'session.changed') return;
    setState((current) => ({
      ...current,
      updates: addLiveUpdate(current.updates, {
        ...event,
        key: current.nextKey,
        participantName: context?.participantName ?? null,
      }),
      unseenCount: current.isOpen ? 0 : current.unseenCount + 1,
      nextKey: current.nextKey + 1,
    }));
  }, []);
  const setOpen = useCallback((isOpen: boolean) => {
    setState((current) => ({ ...current, isOpen, unseenCount: isOpen ? 0 : current.unseenCount }));
  }, []);
  return { updates: state.updates, unseenCount: state.unseenCount, isOpen: state.isOpen, addEvent, setOpen };
}
