import { Text } from '@mantine/core';
import { describeCountdown, formatCountdown, getCountdownTone } from '../lib/turn-countdown.ts';
import classes from './countdown-text.module.css';

interface CountdownTextProps {
  remainingMs: number;
  isPaused: boolean;
  size: string;
}

/**
 * The turn's time left, coloured by lib/turn-countdown.ts (green, yellow at 3 minutes, orange at 1, red at
 * 0). The colour is never the only signal: the words say how much is left, and `data-tone` lets
 * tests check the colour rule without reading styles.
 */
export function CountdownText({ remainingMs, isPaused, size }: CountdownTextProps) {
  const tone = getCountdownTone(remainingMs);
  return (
    <Text
      span
      role="timer"
      aria-label={isPaused ? `${describeCountdown(remainingMs)}, paused` : describeCountdown(remainingMs)}
      data-tone={tone}
      fw={700}
      ff="monospace"
      size={size}
      // The tone's colour comes from data-tone (countdown-text.module.css): shades with AA contrast in both schemes.
      className={classes.countdown}
    >
      {formatCountdown(remainingMs)}
    </Text>
  );
}
