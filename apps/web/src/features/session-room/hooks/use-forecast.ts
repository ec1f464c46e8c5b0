import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { liveTiming } from '../../../lib/session-follow.ts';
import { sessionRoomQueries } from '../api/session-room-queries.ts';

export interface UseForecastOptions {
  sessionId: string;
  /** The board's version: every pick moves it on, patched from live events or read by the page's poll. */
  boardVersion: number;
  /** Whether the member's own entry has an outcome (their turn is over, unless a rewind gives it back). */
  hasOutcome: boolean;
}

/**
 * The member's forecast, following the session's board. Each new board version is a new read (the
 * server keeps one answer per version), made after a random delay of up to the live layer's board
 * jitter: every participant sees the same pick at the same moment, and spread out their reads reach
 * the server as a stream rather than a wall. Versions that arrive while a read waits join it.
 *
 * Once the forecast says the member's turn has come and gone and their own entry agrees, later
 * picks cannot change it, so it stops following; an entry without an outcome again (a rewind)
 * starts it again.
 */
export function useForecast({ sessionId, boardVersion, hasOutcome }: UseForecastOptions) {
  const [followedVersion, setFollowedVersion] = useState(boardVersion);
  const query = useQuery(sessionRoomQueries.forecast(sessionId, followedVersion));
  const isFollowing = !(hasOutcome && query.data?.turn === 'turnTaken');
  const isBehind = boardVersion !== followedVersion;

  // The newest version when the delayed read happens, not the one that started the wait.
  const latestVersion = useRef(boardVersion);
  useEffect(() => {
    latestVersion.current = boardVersion;
  }, [boardVersion]);

  useEffect(() => {
    if (!isFollowing || !isBehind) return;
    const timer = setTimeout(
      () => setFollowedVersion(latestVersion.current),
      Math.floor(Math.random() * liveTiming.boardReadJitterMs),
    );
    return () => clearTimeout(timer);
  }, [isFollowing, isBehind]);

  return query;
}
