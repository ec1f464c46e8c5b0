import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOfferedStation } from '../../../test/build-bid-session.ts';
import { SEAT_RULES_SHOWN, SeatRulesCard, type SeatRulesCardProps } from './seat-rules-card.tsx';

function hillside(number: number) {
  const station = buildOfferedStation(number, `Hillside ${number}`, { B: { Firefighter: [2, 3] } });
  return {
    ...station,
    availablePositions: {
      ...station.availablePositions,
      B: [
        {
          position: 'Firefighter' as const,
          count: 2,
          total: 3,
          groups: [
            { requires: [], mustFill: false, count: 1, total: 1 },
            { requires: ['PM'], mustFill: true, count: 1, total: 2 },
          ],
        },
      ],
    },
  };
}

const board: SeatRulesCardProps['board'] = {
  eligibilityMode: 'rank',
  effectiveDate: '2026-04-01',
  certificationNames: { PM: 'Paramedic' },
  stations: [hillside(7)],
};

function renderCard(props: Partial<SeatRulesCardProps>) {
  render(
    <MantineProvider>
      <SeatRulesCard board={board} member={null} {...props} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Seats with requirements' });
}

describe('SeatRulesCard', () => {
  it('marks the seats that need a certification or must be filled, with their free seats', () => {
    const card = renderCard({});
    const rows = within(card).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Station 7, B shift, Firefighter');
    expect(rows[0]).toHaveTextContent('Paramedic seat, must be filled · 1 of 2 free');
    expect(within(card).queryByText('You qualify')).not.toBeInTheDocument();
  });

  it('tells a participant which they qualify for, and why not in words', () => {
    const card = renderCard({ member: { rank: 'Firefighter', certifications: [{ code: 'PM', expiresOn: null }] } });
    expect(within(card).getByText('You qualify')).toBeInTheDocument();
    cleanup();

    const other = renderCard({ member: { rank: 'Firefighter', certifications: [] } });
    expect(within(other).getByText('Not open to you')).toBeInTheDocument();
    expect(other).toHaveTextContent("Station 7's B-shift Firefighter/PM seat needs Paramedic; you do not hold it.");
  });

  it('shows nothing for a board without rules, and seats of another rank not to a member', () => {
    render(
      <MantineProvider>
        <SeatRulesCard board={board} member={{ rank: 'Captain', certifications: [] }} />
        <SeatRulesCard board={{ ...board, stations: [] }} member={null} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Seats with requirements' })).not.toBeInTheDocument();
  });

  it('shows the first rows and the rest on request, by keyboard', async () => {
    const many = {
      ...board,
      stations: Array.from({ length: SEAT_RULES_SHOWN + 2 }, (_, index) => hillside(index + 1)),
    };
    const card = renderCard({ board: many });
    expect(within(card).getAllByRole('listitem')).toHaveLength(SEAT_RULES_SHOWN);
    const user = userEvent.setup();
    within(card)
      .getByRole('button', { name: `Show all ${SEAT_RULES_SHOWN + 2}` })
      .focus();
    await user.keyboard('{Enter}');
    expect(within(card).getAllByRole('listitem')).toHaveLength(SEAT_RULES_SHOWN + 2);
  });
});
