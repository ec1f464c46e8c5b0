import { useEffect } from 'react';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { useCurrentUser } from '../../auth/index.ts';

/**
 * Follows the dashboard's session on the tab's live stream (lib/live-events.ts): a step about the
 * member (their turn, their seat, their moving up) reads their bid status, notifications and activity
 * again, and a change of status reads the session banner again; a bid by someone else costs nothing.
 * Reports whether the stream is up for the session; the dashboard polls only while it is not.
 */
export function FollowSessionLive({
  sessionId,
  onLiveChange,
}: {
  sessionId: string;
  onLiveChange: (isLive: boolean) => void;
}) {
  const me = useCurrentUser();
  useLiveSession(sessionId, { memberId: me.id });
  const isLive = useIsLiveConnected(sessionId);
  useEffect(() => {
    onLiveChange(isLive);
    return () => onLiveChange(false);
  }, [isLive, onLiveChange]);
  return null;
}
