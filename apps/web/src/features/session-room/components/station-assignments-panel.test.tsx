import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentStation } from '../utils/assignment-stations.ts';
import { StationAssignmentsPanel, type StationAssignmentsPanelProps } from './station-assignments-panel.tsx';

function station(
  number: number,
  name: string,
  city: string,
  seats: Partial<AssignmentStation['seats']> = {},
): AssignmentStation {
  return {
    id: `station-${number}`,
    number,
    name,
    address: `${number} Main Street, ${city}`,
    isActive: true,
    seats: { A: [], B: [], C: [], ...seats },
  };
}

const downtown = station(1, 'Downtown', 'Riverton', {
  A: [
    { position: 'Captain', filled: 0, total: 1 },
    { position: 'Firefighter', filled: 1, total: 3 },
  ],
  B: [{ position: 'Engineer', filled: 2, total: 2 }],
});
const harbor = station(3, 'Harbor', 'Port Riverton', { C: [{ position: 'Engineer', filled: 2, total: 2 }] });
const northside = station(2, 'Northside', 'Riverton', { A: [{ position: 'Captain', filled: 0, total: 1 }] });

function renderPanel(props: StationAssignmentsPanelProps) {
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <StationAssignmentsPanel {...props} />
    </MantineProvider>,
  );
  return user;
}

const cardNames = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

async function chooseLocation(user: UserEvent, option: string) {
  const select = screen.getByRole('combobox', { name: 'Location' });
  await user.click(select);
  // The dropdown is still in its opening transition for jsdom, so its options count as hidden.
  const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('StationAssignmentsPanel', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // Mantine scrolls the chosen option into view; jsdom has no layout, so no scrollIntoView.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('is titled Station Assignments, or Live Session when a session is named', () => {
    const { unmount } = render(
      <MantineProvider>
        <StationAssignmentsPanel stations={[downtown]} />
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Station Assignments' })).toBeInTheDocument();
    unmount();
    renderPanel({ stations: [downtown], sessionId: 'session-1' });
    expect(screen.getByRole('region', { name: 'Live Session' })).toBeInTheDocument();
  });

  it('shows each station with its address, free seats per shift, fill and status', () => {
    renderPanel({ stations: [downtown, harbor, northside] });
    expect(cardNames()).toEqual(['Station 1 · Downtown', 'Station 3 · Harbor', 'Station 2 · Northside']);
    const card = screen.getByRole('article', { name: 'Station 1 · Downtown' });
    expect(within(card).getByRole('heading', { name: 'Downtown' })).toBeInTheDocument();
    expect(within(card).getByText('1 Main Street, Riverton')).toBeInTheDocument();
    const freeSeats = within(card).getByRole('list', { name: 'Free seats by shift' });
    expect(
      within(freeSeats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shift A3 freeof 4 seats', 'Shift B0 freeof 2 seats', 'Shift C0 freeof 0 seats']);
    expect(card).toHaveTextContent('3 of 6 seats free');
    expect(within(card).getByText('50%')).toBeInTheDocument();
    expect(within(card).getByText('Available')).toBeInTheDocument();
    const full = screen.getByRole('article', { name: 'Station 3 · Harbor' });
    expect(within(full).getByText('Full')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 stations')).toBeInTheDocument();
  });

  it('opens the shift detail with each position filled, and closes it again', async () => {
    const user = renderPanel({ stations: [downtown] });
    const toggle = screen.getByRole('button', { name: 'Show shifts of Station 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide shifts of Station 1');
    const detail = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    const shiftA = await within(detail).findByRole('list', { name: 'Shift A seats' });
    expect(
      within(shiftA)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Captain0 of 1 filled, open', 'Firefighter1 of 3 filled, partly filled']);
    expect(within(detail).getByRole('list', { name: 'Shift B seats' })).toHaveTextContent(
      'Engineer2 of 2 filled, full',
    );
    expect(within(detail).getByText('No seats')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches by name, number or address and offers Clear Filters when nothing matches', async () => {
    const user = renderPanel({ stations: [downtown, harbor, northside] });
    const search = screen.getByRole('textbox', { name: 'Search stations' });
    await user.type(search, 'harb');
    expect(cardNames()).toEqual(['Station 3 · Harbor']);
    await user.clear(search);
    await user.type(search, '2');
    expect(cardNames()).toEqual(['Station 2 · Northside']);
    await user.clear(search);
    await user.type(search, 'Nowhere');
    expect(cardNames()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'No Stations Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(search).toHaveValue('');
    expect(cardNames()).toHaveLength(3);
  });

  it('filters by location, built from the last part of each address', async () => {
    const user = renderPanel({ stations: [downtown, harbor, northside] });
    await chooseLocation(user, 'Port Riverton');
    expect(cardNames()).toEqual(['Station 3 · Harbor']);
    await chooseLocation(user, 'Riverton');
    expect(cardNames()).toEqual(['Station 1 · Downtown', 'Station 2 · Northside']);
    await chooseLocation(user, 'All locations');
    expect(cardNames()).toHaveLength(3);
  });

  it('keeps only stations with a free seat under Available Only', async () => {
    const user = renderPanel({ stations: [downtown, harbor, northside] });
    await user.click(screen.getByRole('switch', { name: 'Available Only' }));
    expect(cardNames()).toEqual(['Station 1 · Downtown', 'Station 2 · Northside']);
  });

  it('shows 12 stations a page, with the page in words', async () => {
    const many = Array.from({ length: 14 }, (_, index) => station(index + 1, `Station Name ${index + 1}`, 'Riverton'));
    const user = renderPanel({ stations: many });
    expect(cardNames()).toHaveLength(12);
    expect(screen.getByText('Showing 1 to 12 of 14 stations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(cardNames()).toEqual(['Station 13 · Station Name 13', 'Station 14 · Station Name 14']);
    expect(screen.getByText('Showing 13 to 14 of 14 stations')).toBeInTheDocument();
    // A filter starts again from the first page.
    await user.type(screen.getByRole('textbox', { name: 'Search stations' }), 'Name 1');
    expect(screen.getByText('Showing 1 to 6 of 6 stations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('shows rows in the list layout, with the same details', async () => {
    const user = renderPanel({ stations: [downtown, harbor] });
    await user.click(screen.getByRole('radio', { name: 'List' }));
    const list = screen.getByRole('list', { name: 'Stations' });
    const row = within(list).getByRole('listitem', { name: 'Station 1 · Downtown' });
    expect(row).toHaveTextContent('Free: Shift A 3 · Shift B 0 · Shift C 0');
    expect(row).toHaveTextContent('50% filled');
    await user.click(within(row).getByRole('button', { name: 'Show shifts of Station 1' }));
    expect(await within(row).findByRole('list', { name: 'Shift A seats' })).toBeInTheDocument();
  });

  it('filters by station, shift and position, and offers no bid button (bids are placed in the bid panel)', async () => {
    const user = renderPanel({ stations: [downtown, northside, harbor] });
    expect(cardNames()).toEqual(['Station 1 · Downtown', 'Station 2 · Northside', 'Station 3 · Harbor']);
    expect(screen.queryByRole('button', { name: /Select Station|Submit Bid/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Station' }), 'Station 3 · Harbor');
    expect(cardNames()).toEqual(['Station 3 · Harbor']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Station' }), 'All stations');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Shift' }), 'Shift A');
    expect(cardNames()).toEqual(['Station 1 · Downtown', 'Station 2 · Northside']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'Firefighter');
    expect(cardNames()).toEqual(['Station 1 · Downtown']);
    expect(screen.getByRole('article', { name: 'Station 1 · Downtown' })).toHaveTextContent('2 of 3 seats free');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Shift' }), 'Shift C');
    expect(screen.getByRole('heading', { name: 'No Stations Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(cardNames()).toHaveLength(3);
  });

  it('says so when there is no station at all', () => {
    renderPanel({ stations: [] });
    expect(screen.getByText('No stations available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });
});
