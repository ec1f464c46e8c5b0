import { MantineProvider } from '@mantine/core';
import type { SessionHistoryEntry } from '@stationbid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { departmentSettingsQueryKey } from '../../../lib/department-settings-queries.ts';
import { stubMatchMedia } from '../../../test/browser-stubs.ts';
import { buildBidSessionDetail, buildHistoryEntry, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { toSessionBoard } from '../../../test/session-board-api.ts';
import { LiveDraftView, type LiveDraftViewProps } from './live-draft-view.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const names = [
  ['Elena', 'Ramirez'],
  ['Caleb', 'Murphy'],
  ['Isabel', 'Duarte'],
  ['Ava', 'Schmidt'],
  ['Noah', 'Kim'],
  ['Priya', 'Natarajan'],
  ['Omar', 'Haddad'],
] as const;

// Elena bid, Caleb's seat was phoned in, Isabel skipped, Ava holds the turn; Noah, Priya and Omar wait.
const participants = names.map(([firstName, lastName], position) =>
  buildParticipant({
    firstName,
    lastName,
    position,
    ...(position === 0 ? { outcome: 'bid' as const, hasBid: true } : {}),
    ...(position === 1 ? { outcome: 'proxy_bid' as const, hasBid: true } : {}),
    ...(position === 2 ? { outcome: 'skipped' as const } : {}),
    ...(position === 3 ? { isCurrentTurn: true } : {}),
    ...(position === 6 ? { movedToBack: true } : {}),
  }),
);

const session = buildBidSessionDetail({
  id: testId('5e55', 4),
  name: 'Winter Bid',
  status: 'active',
  currentParticipant: 4,
  participantCount: 7,
  totalParticipants: 7,
  completedBids: 3,
  movedToBackCount: 1,
  participants,
});

function seatAward(id: string, minutes: number, fields: Partial<SessionHistoryEntry>): SessionHistoryEntry {
  return buildHistoryEntry({
    id,
    action: 'bid_submitted',
    timestamp: minutesAgo(minutes),
    stationName: 'Harbor',
    stationNumber: 3,
    shift: 'C',
    position: 'Engineer',
    ...fields,
  });
}

const history: SessionHistoryEntry[] = [
  buildHistoryEntry({ id: '1', action: 'session_started', timestamp: minutesAgo(200) }),
  seatAward('2', 180, { userName: 'Elena Ramirez', actorName: 'Elena Ramirez', bidPriority: 1, position: 'Captain' }),
  seatAward('3', 150, {
    userName: 'Caleb Murphy',
    actorName: 'Morgan Hale',
    bidPriority: 2,
    detailsData: { proxy: true },
    stationName: 'Downtown',
    stationNumber: 1,
    shift: 'A',
  }),
  buildHistoryEntry({ id: '4', action: 'turn_skipped', userName: 'Isabel Duarte', timestamp: minutesAgo(120) }),
  seatAward('5', 90, {
    action: 'auto_assigned',
    userName: 'Tom Reyes',
    actorName: 'system',
    bidPriority: 9,
    detailsData: { source: 'preferences' },
  }),
  seatAward('6', 30, { userName: 'Lena Fox', actorName: 'Lena Fox', bidPriority: 10 }),
  seatAward('7', 5, { userName: 'Sam Ode', actorName: 'Sam Ode', bidPriority: 11 }),
  seatAward('8', 0, { userName: 'Kai Berg', actorName: 'Kai Berg', bidPriority: 12 }),
];

/** The department works in Chicago (its settings already loaded); the viewer's browser is in Tokyo. */
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

function renderView(props: Partial<LiveDraftViewProps> = {}) {
  const user = userEvent.setup();
  render(
    <WithDepartment>
      <LiveDraftView board={toSessionBoard(session)} history={history} isAdmin={false} {...props} />
    </WithDepartment>,
  );
  return user;
}

beforeEach(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('LiveDraftView', { timeout: 20_000 }, () => {
  it("shows the session's status and its latest 5 seat awards, newest first, with who, where, how and when", () => {
    renderView();
    const view = screen.getByRole('region', { name: 'Live Draft' });
    expect(within(view).getByText('Winter Bid')).toBeInTheDocument();
    expect(within(view).getByText('Active')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Recent Bids' });
    expect(within(recent).queryByText('Admin View')).not.toBeInTheDocument();
    const items = within(recent).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Kai Berg/),
      expect.stringMatching(/^Sam Ode/),
      expect.stringMatching(/^Lena Fox/),
      expect.stringMatching(/^Tom Reyes/),
      expect.stringMatching(/^Caleb Murphy/),
    ]);
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[0]).toHaveTextContent('Station 3 (Harbor) · Shift C · Engineer');
    expect(items[0]).toHaveTextContent('Own bid');
    expect(items[1]).toHaveTextContent('5m ago');
    expect(items[3]).toHaveTextContent('1h ago');
    expect(items[3]).toHaveTextContent('Automatic (by preferences)');
    expect(items[4]).toHaveTextContent('Phone-in by Morgan Hale');
    expect(items[4]).toHaveTextContent('Station 1 (Downtown) · Shift A · Engineer');
  });

  it('tags Recent Bids "Admin View" for an administrator', () => {
    renderView({ isAdmin: true });
    expect(within(screen.getByRole('region', { name: 'Recent Bids' })).getByText('Admin View')).toBeInTheDocument();
  });

  it('shows who bids now and the next 3 waiting, a member moved to the back marked', () => {
    renderView();
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(upcoming).toHaveTextContent('Bidding now: Ava Schmidt');
    const next = within(upcoming).getAllByRole('listitem');
    expect(next.map((item) => item.textContent)).toEqual([
      expect.stringContaining('#5 Noah Kim'),
      expect.stringContaining('#6 Priya Natarajan'),
      expect.stringContaining('#7 Omar Haddad'),
    ]);
    expect(next[2]).toHaveTextContent('Moved to back');
    expect(next[0]).not.toHaveTextContent('Moved to back');
  });

  it("shows the session's figures", () => {
    renderView();
    const stats = screen.getByRole('region', { name: 'Session Stats' });
    const figure = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(figure('Participants')).toBe('7');
    expect(figure('Bids Completed')).toBe('3');
    expect(figure('Remaining')).toBe('4');
    // How turns ended is counted from the history (the board counts only done and awarded): four own bids there.
    expect(figure('Own Bids')).toBe('4');
    expect(figure('Phone-in Bids')).toBe('1');
    expect(figure('Skipped')).toBe('1');
    expect(figure('Moved to Back')).toBe('1');
    expect(stats).toHaveTextContent('Progress43%');
    expect(within(stats).getByRole('progressbar', { name: 'Session progress' })).toHaveAttribute('aria-valuenow', '43');
  });

  it('opens the whole award history as a table, oldest first', async () => {
    const user = renderView();
    const toggle = screen.getByRole('button', { name: 'All Bids History (6)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'All bids' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Queue #', 'Member', 'Station', 'Shift', 'Position', 'How', 'Time']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(['#2', 'Station 1 (Downtown)', 'A', 'Engineer', 'Phone-in by Morgan Hale']);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Caleb Murphy');
    // When, on the department's clock and named by its zone (Tokyo's would read GMT+9).
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .at(-1)?.textContent,
    ).toMatch(/\d:\d\d:\d\d [AP]M C[SD]T$/);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the award history as cards on a phone', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    const user = renderView();
    await user.click(screen.getByRole('button', { name: 'All Bids History (6)' }));
    const list = await screen.findByRole('list', { name: 'All bids' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('#1 Elena Ramirez');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the history is loading or has no award yet', () => {
    const { unmount } = render(
      <WithDepartment>
        <LiveDraftView board={toSessionBoard(session)} history={undefined} isAdmin={false} />
      </WithDepartment>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Recent Bids' })).getByRole('status', { name: 'Loading bids' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All Bids History' })).toBeInTheDocument();
    unmount();
    renderView({ history: [] });
    expect(
      within(screen.getByRole('region', { name: 'Recent Bids' })).getByText('No seats awarded yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All Bids History (0)' })).toBeInTheDocument();
  });

  it('lists no one upcoming once the session is completed', () => {
    renderView({ board: toSessionBoard({ ...session, status: 'completed', currentParticipant: 8 }) });
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(upcoming).toHaveTextContent('Everyone has had their turn.');
    expect(upcoming).not.toHaveTextContent('Bidding now');
  });
});
