import { TIMERS } from '@stationbid/domain';
import { useEffect, useState } from 'react';
import { getServerNow } from './server-clock.ts';
import { getRemainingMs, getTurnClock, type TurnClock } from './turn-countdown.ts';

type CountdownSession = Parameters<typeof getTurnClock>[0];

/**
 * The time left in the current turn, ticking each second (TIMERS.clockTickMs) while the clock runs,
 * frozen while paused, null when no turn is under way.
 */
export function useTurnCountdown(session: CountdownSession): { clock: TurnClock; remainingMs: number | null } {
  const clock = getTurnClock(session);
  const deadlineMs = clock.kind === 'running' ? clock.deadlineMs : null;
  const [serverNowMs, setServerNowMs] = useState(getServerNow);

  useEffect(() => {
    if (deadlineMs === null) return;
    setServerNowMs(getServerNow());
    const timer = setInterval(() => setServerNowMs(getServerNow()), TIMERS.clockTickMs);
    return () => clearInterval(timer);
  }, [deadlineMs]);

  return { clock, remainingMs: getRemainingMs(clock, serverNowMs) };
}
