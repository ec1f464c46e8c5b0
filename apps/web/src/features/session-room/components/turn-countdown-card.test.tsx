import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TurnCountdownCard } from './turn-countdown-card.tsx';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function renderCard(remainingMs: number | null, { isMyTurn = true, isPaused = false } = {}) {
  render(
    <MantineProvider>
      <TurnCountdownCard isMyTurn={isMyTurn} remainingMs={remainingMs} isPaused={isPaused} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Your Turn!' });
}

describe('TurnCountdownCard', () => {
  it.each([
    [4 * MINUTE, '4:00', 'green'],
    [3 * MINUTE + SECOND, '3:01', 'green'],
    [3 * MINUTE, '3:00', 'yellow'],
    [MINUTE + SECOND, '1:01', 'yellow'],
    [MINUTE, '1:00', 'orange'],
    [45 * SECOND, '0:45', 'orange'],
    [0, 'Expired', 'red'],
  ])('with %i ms left reads %s in %s (spec section 4)', (remainingMs, text, tone) => {
    const card = renderCard(remainingMs);
    const timer = within(card).getByRole('timer');
    expect(timer).toHaveTextContent(text);
    expect(timer).toHaveAttribute('data-tone', tone);
  });

  it('warns at 30 seconds or less, not before, and not once the time is up', () => {
    const card = renderCard(31 * SECOND);
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([30 * SECOND, SECOND])('warns with %i ms left', (remainingMs) => {
    const card = renderCard(remainingMs);
    expect(within(card).getByRole('alert')).toHaveTextContent('30 seconds or less left: place your bid now!');
  });

  it('shows no warning at zero', () => {
    const card = renderCard(0);
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the time is frozen while the session is paused', () => {
    const card = renderCard(20 * SECOND, { isPaused: true });
    expect(within(card).getByRole('timer')).toHaveAccessibleName('20 seconds left, paused');
    expect(within(card).getByText('Session paused')).toBeInTheDocument();
    expect(within(card).queryByText(/30 seconds or less/)).not.toBeInTheDocument();
  });

  it('shows no countdown when it is not the member’s turn', () => {
    const card = renderCard(2 * MINUTE, { isMyTurn: false });
    expect(within(card).queryByRole('timer')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Your countdown starts here when your turn begins.');
  });
});
