import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TurnOutcomeCard, type TurnOutcomeCardProps } from './turn-outcome-card.tsx';

function renderCard(props: Partial<TurnOutcomeCardProps> & Pick<TurnOutcomeCardProps, 'outcome'>) {
  return render(
    <MantineProvider>
      <TurnOutcomeCard
        sessionId="s1"
        sessionName="Winter Bid"
        timeZone="America/Chicago"
        now={null}
        liveRegion={<div role="status">Announced</div>}
        {...props}
      />
    </MantineProvider>,
  );
}

describe('TurnOutcomeCard', () => {
  it('tells the award with its time in the department zone, the seat left, and offers the results', () => {
    renderCard({
      outcome: {
        kind: 'award',
        seat: { stationNumber: 2, shift: 'A', position: 'Captain' },
        at: '2026-03-01T09:14:00.000Z',
        source: 'own',
        listChoice: null,
        placedBy: null,
        seatLeft: { stationNumber: 5, shift: 'C', position: 'Captain' },
        isCompleted: false,
      },
    });
    const card = screen.getByRole('region', { name: 'You got Station 2 · A shift · Captain' });
    expect(card).toHaveTextContent('Recorded at 3:14 AM CST.');
    expect(card).toHaveTextContent('You leave Station 5 · C shift · Captain.');
    expect(screen.getByRole('button', { name: 'See the results' })).toBeVisible();
    // Not an alert: the page's one live region is kept inside it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Announced');
  });

  it('shows a missed turn with who is on the clock now, and no results yet', () => {
    renderCard({
      outcome: { kind: 'moved', by: 'Dana Chief', chanceMinutes: 1, turnsAway: 3 },
      now: { holder: 'Morgan Hale is on the clock', remainingMs: 95_000, isPaused: false },
    });
    const card = screen.getByRole('region', { name: 'Dana Chief moved you to the back of the queue.' });
    expect(card).toHaveTextContent('You get one more 1-minute chance in about 3 turns.');
    expect(card).toHaveTextContent('Now: Morgan Hale is on the clock · 1:35');
    expect(screen.queryByRole('button', { name: 'See the results' })).not.toBeInTheDocument();
  });

  it('tells an early end plainly, with the results', () => {
    renderCard({ outcome: { kind: 'ended-early' } });
    expect(
      screen.getByRole('region', { name: 'The administrator ended the session before your turn; you keep your seat.' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'See the results' })).toBeVisible();
  });
});
