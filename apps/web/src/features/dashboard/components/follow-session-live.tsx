import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { bidStatusQueryKey } from '../api/get-bid-status.ts';
import { currentBidSessionQueryKey } from '../api/get-current-bid-session.ts';
import { dashboardActivityQueryKey } from '../api/get-recent-activity.ts';

/**
 * Follows the dashboard's session on the tab's live stream: every event (a bid, a turn moving on,
 * a pause, the end) asks again at once for the session banner, the member's bid status and their
 * activity, whose keys are the dashboard's own and so outside the stream's session-key convention.
 * Reports whether the stream is up for the session; the dashboard polls only while it is not.
 */
export function FollowSessionLive({
  sessionId,
  onLiveChange,
}: {
  sessionId: string;
  onLiveChange: (isLive: boolean) => void;
}) {
  const queryClient = useQueryClient();
  useLiveSession(sessionId, (event) => {
    if (event.type !== 'session.changed') return;
    void queryClient.invalidateQueries({ queryKey: currentBidSessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: bidStatusQueryKey });
    void queryClient.invalidateQueries({ queryKey: dashboardActivityQueryKey });
  });
  const isLive = useIsLiveConnected(sessionId);
  useEffect(() => {
    onLiveChange(isLive);
    return () => onLiveChange(false);
  }, [isLive, onLiveChange]);
  return null;
}
