import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeToMemberEvents, useIsLiveConnected } from '../../../lib/live-events.ts';
import { onMemberNotified, onMemberTurnMayHaveChanged } from '../../../lib/member-queries.ts';

/**
 * Keeps the member's unread count and turn indicators current on every page: when the live stream
 * says a notification was stored for them (their turn began, they won a seat, the session ended),
 * their notifications, bid status and activity are read again, whichever page is open. Mounted once,
 * by the app shell; it also keeps the tab's stream open while signed in.
 *
 * When the stream comes back after being down, what it missed is read again once.
 */
export function useLiveNotificationCounts(): void {
  const queryClient = useQueryClient();
  const isConnected = useIsLiveConnected();
  const wasConnectedRef = useRef(false);

  useEffect(
    () =>
      subscribeToMemberEvents(() => {
        void onMemberNotified(queryClient);
      }),
    [queryClient],
  );

  useEffect(() => {
    // The first opening is not a gap: the pages read their data as they mount.
    if (isConnected && wasConnectedRef.current) void onMemberTurnMayHaveChanged(queryClient);
    if (isConnected) wasConnectedRef.current = true;
  }, [isConnected, queryClient]);
}
