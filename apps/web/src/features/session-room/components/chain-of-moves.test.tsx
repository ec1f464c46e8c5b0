import { MantineProvider } from '@mantine/core';
import type { BoardPick } from '@stationbid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { departmentSettingsQueryKey } from '../../../lib/department-settings-queries.ts';
import { describeMove, isVacancyChain } from '../utils/chain-of-moves.ts';
import { RecentPicksFeed } from './recent-picks-feed.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const station = (number: number, name: string) => ({ id: `station-${number}`, name, number });

/** A move of the worked example (bidding-rules.md, "Vacancy bids"): to `to`, leaving `from` open. */
function move(name: string, to: number, from: number | null, minutes: number, fields: Partial<BoardPick> = {}) {
  const pick: BoardPick = {
    participantId: `participant-${name}`,
    memberId: `member-${name}`,
    name,
    rank: 'Firefighter',
    bidPriority: 1,
    station: station(to, `Station ${to}`),
    shift: 'B',
    position: 'Firefighter',
    kind: 'own',
    placedBy: null,
    at: minutesAgo(minutes),
    ...(from === null
      ? {}
      : { opened: { station: station(from, `Station ${from}`), shift: 'B', position: 'Firefighter' } }),
    ...fields,
  };
  return pick;
}

// Newest first, as the board sends them: Hale took Station 7, Quinn Hale's 2, Ortiz Quinn's 4 by phone.
const chain = [
  move('Casey Ortiz', 4, 5, 1, { kind: 'proxy', placedBy: 'Morgan Hale' }),
  move('Blair Quinn', 2, 4, 3),
  move('Avery Hale', 7, 2, 6),
];

function WithDepartment({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(departmentSettingsQueryKey, {
    timeZone: 'America/Chicago',
    timeZoneAbbreviation: 'CST',
    source: 'setting',
    defaultTimeZone: 'America/Chicago',
    updatedAt: null,
  });
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

describe('the chain of moves', () => {
  it("shows a vacancy bid's picks as moves, newest first, each from the seat it opened to the seat taken", () => {
    render(
      <WithDepartment>
        <RecentPicksFeed picks={chain} sessionType="vacancy" />
      </WithDepartment>,
    );
    expect(screen.queryByRole('region', { name: 'Latest picks' })).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Chain of moves' });
    const moves = within(section).getByRole('list', { name: 'Chain of moves' });
    const items = within(moves).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'Casey Ortiz: Station 5 to Station 4, opened Station 5 · B shift · Firefighter',
      'Blair Quinn: Station 4 to Station 2, opened Station 4 · B shift · Firefighter',
      'Avery Hale: Station 2 to Station 7, opened Station 2 · B shift · Firefighter',
    ]);
    expect(items[0]).toHaveTextContent(/Took Station 4 · B shift · Firefighter \(phoned in\) · 1m ago/);
    expect(within(items[2] as HTMLElement).getByText('6m ago')).toHaveAttribute('dateTime', chain[2]?.at);
  });

  it('says so before anyone moved', () => {
    render(
      <WithDepartment>
        <RecentPicksFeed picks={[]} sessionType="vacancy" />
      </WithDepartment>,
    );
    const section = screen.getByRole('region', { name: 'Chain of moves' });
    expect(section).toHaveTextContent('Nobody has moved yet.');
  });

  it('keeps the latest picks for a standard session', () => {
    const pick = move('Elena Ramirez', 3, null, 2, { rank: 'Captain', position: 'Captain', shift: 'A' });
    render(
      <WithDepartment>
        <RecentPicksFeed picks={[pick]} sessionType="standard" />
      </WithDepartment>,
    );
    expect(screen.queryByRole('region', { name: 'Chain of moves' })).not.toBeInTheDocument();
    const picks = screen.getByRole('list', { name: 'Latest picks' });
    expect(within(picks).getByRole('listitem')).toHaveTextContent('Captain Ramirez took Station 3, A shift, Captain');
  });
});

describe('describeMove', () => {
  it('names a member who held no seat as taking one and opening none', () => {
    expect(describeMove(move('Dana West', 7, null, 1))).toBe(
      'Dana West: took Station 7 · B shift · Firefighter, opened no seat',
    );
  });

  it("reads the board's picks as a chain when the session's type is not known yet and a pick opened a seat", () => {
    expect(isVacancyChain(undefined, chain)).toBe(true);
    expect(isVacancyChain(undefined, [move('Dana West', 7, null, 1)])).toBe(false);
    expect(isVacancyChain('vacancy', [])).toBe(true);
    expect(isVacancyChain('standard', [])).toBe(false);
  });
});
