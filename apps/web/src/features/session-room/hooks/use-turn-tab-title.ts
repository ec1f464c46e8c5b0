import { useEffect, useRef } from 'react';
import { formatCountdown } from '../../../lib/turn-countdown.ts';

/**
 * "0:45 Your turn · StationBid" in the browser tab while the member's own turn runs (`remainingMs`
 * not null), so a member who switched tabs sees it; the page's own title comes back when the turn
 * ends or the page closes.
 */
export function useTurnTabTitle(remainingMs: number | null): void {
  const pageTitle = useRef<string | null>(null);
  const text = remainingMs === null ? null : `${formatCountdown(remainingMs)} Your turn · StationBid`;

  useEffect(() => {
    if (text === null) {
      if (pageTitle.current !== null) document.title = pageTitle.current;
      pageTitle.current = null;
      return;
    }
    pageTitle.current ??= document.title;
    document.title = text;
  }, [text]);

  useEffect(
    () => () => {
      if (pageTitle.current !== null) document.title = pageTitle.current;
    },
    [],
  );
}
