import { useEffect, useState } from 'react';

/**
 * The current time, read again every `intervalMs`, for "5m ago" texts that must age while a page
 * stays open. Relative times change by the minute, so a coarse interval is enough.
 */
export function useNow(intervalMs: number): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return nowMs;
}
