import { useEffect } from 'react';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { bidStatusQueryKey } from '../api/get-bid-status.ts';
import { currentBidSessionQueryKey } from '../api/get-current-bid-session.ts';
import { dashboardActivityQueryKey } from '../api/get-recent-activity.ts';

/** The dashboard's own keys that change with its session: the session banner, bid status and activity. */
const DASHBOARD_SESSION_KEYS = [currentBidSessionQueryKey, bidStatusQueryKey, dashboardActivityQueryKey] as const;

/**
 * Follows the dashboard's session on the tab's live stream: every change (a bid, a turn moving on,
 * a pause, the end) asks again at once for the session banner, the member's bid status and their
 * activity. Reports whether the stream is up for the session; the dashboard polls only while it is not.
 */
export function FollowSessionLive({
  sessionId,
  onLiveChange,
}: {
  sessionId: string;
  onLiveChange: (isLive: boolean) => void;
}) {
  useLiveSession(sessionId, { alsoRefresh: DASHBOARD_SESSION_KEYS });
  const isLive = useIsLiveConnected(sessionId);
  useEffect(() => {
    onLiveChange(isLive);
    return () => onLiveChange(false);
  }, [isLive, onLiveChange]);
  return null;
}
