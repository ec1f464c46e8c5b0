import { MantineProvider } from '@mantine/core';
import type { SessionBoard } from '@stationbid/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildOfferedStation } from '../../../test/build-bid-session.ts';
import { RankedListBeforeTurn } from './ranked-list-before-turn.tsx';

// The editor is the users feature's; here only the seats it is given matter.
vi.mock('../../users/index.ts', () => ({
  LazyRankedListEditor: ({ board, title }: { board: Pick<SessionBoard, 'stations'>; title: string }) => {
    const firefighters = board.stations[0]?.availablePositions.B[0];
    return (
      <p>
        {title}: {firefighters?.count} of {firefighters?.total} Firefighter seats open
      </p>
    );
  },
}));

const station = buildOfferedStation(7, 'Hillside', { B: { Firefighter: [2, 3] } });
const board: Pick<SessionBoard, 'eligibilityMode' | 'stations' | 'effectiveDate' | 'certificationNames'> = {
  eligibilityMode: 'rank',
  effectiveDate: '2026-04-01',
  certificationNames: { PM: 'Paramedic' },
  stations: [
    {
      ...station,
      availablePositions: {
        ...station.availablePositions,
        B: [
          {
            position: 'Firefighter',
            count: 2,
            total: 3,
            groups: [
              { requires: [], mustFill: false, count: 1, total: 1 },
              { requires: ['PM'], mustFill: true, count: 1, total: 2 },
            ],
          },
        ],
      },
    },
  ],
};

describe('RankedListBeforeTurn', () => {
  it('gives the ranked list only the seats the member qualifies for', () => {
    render(<RankedListBeforeTurn board={board} member={{ rank: 'Firefighter', certifications: [] }} />, {
      wrapper: MantineProvider,
    });
    expect(screen.getByText(/1 of 1 Firefighter seats open/)).toBeInTheDocument();
  });

  it('counts the Paramedic seats for a member whose card is valid on the day', () => {
    render(
      <RankedListBeforeTurn
        board={board}
        member={{ rank: 'Firefighter', certifications: [{ code: 'PM', expiresOn: '2026-04-01' }] }}
      />,
      { wrapper: MantineProvider },
    );
    expect(screen.getByText(/2 of 3 Firefighter seats open/)).toBeInTheDocument();
  });
});
