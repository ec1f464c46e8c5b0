import { Text } from '@mantine/core';
import { type CountdownTone, describeCountdown, formatCountdown, getCountdownTone } from '../lib/turn-countdown.ts';

/** Darker shades of the countdown tones (spec section 4), so the digits stay readable on white. */
const COUNTDOWN_TONE_TEXT_COLORS: Readonly<Record<CountdownTone, string>> = {
  green: 'green.8',
  yellow: 'yellow.9',
  orange: 'orange.8',
  red: 'red.8',
};

interface CountdownTextProps {
  remainingMs: number;
  isPaused: boolean;
  size: string;
}

/**
 * The turn's time left, coloured by spec section 4 (green, yellow at 3 minutes, orange at 1, red at
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
      c={COUNTDOWN_TONE_TEXT_COLORS[tone]}
    >
      {formatCountdown(remainingMs)}
    </Text>
  );
}
