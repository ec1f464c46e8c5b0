import type { SeatChoicePreference, Station } from '@stationbid/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { buildStation } from '../../../test/build-station.ts';
import { RankedListField } from './ranked-list-field.tsx';
import type { RankedListBoard } from './ranked-list-seats.ts';

const northside = buildStation({ number: 2, name: 'Northside' });
const lakeside = buildStation({ number: 3, name: 'Lakeside' });
// B shift's only Engineer seat is held: on a board it reads as Taken.
const hillcrest = buildStation({ number: 4, name: 'Hillcrest', seated: { B: [['Dana', 'Reyes', 'Engineer']] } });
const stations = [northside, lakeside, hillcrest];

const seat = (station: Station, shift: 'A' | 'B' | 'C'): SeatChoicePreference => ({
  stationId: station.id,
  shift,
  seatPosition: 'Engineer',
});
const FIRST = seat(northside, 'A');
const SECOND = seat(hillcrest, 'B');
const THIRD = seat(lakeside, 'C');

function Harness({
  initial,
  board,
  onChange,
}: {
  initial: SeatChoicePreference[];
  board?: RankedListBoard;
  onChange?: (choices: SeatChoicePreference[]) => void;
}) {
  const [choices, setChoices] = useState(initial);
  return (
    <RankedListField
      choices={choices}
      onChange={(next) => {
        setChoices(next);
        onChange?.(next);
      }}
      stations={stations}
      rank="Engineer"
      board={board}
    />
  );
}

function renderField(props: Parameters<typeof Harness>[0]) {
  const user = userEvent.setup();
  render(
    <AppProviders>
      <Harness {...props} />
    </AppProviders>,
  );
  return { user };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Seat choices, best first' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^\d+\. /).textContent);

describe('RankedListField', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('reorders with the Move buttons, keeps the focus on the row, and says where the seat went', async () => {
    const onChange = vi.fn();
    const { user } = renderField({ initial: [FIRST, SECOND, THIRD], onChange });
    expect(rows()).toEqual([
      '1. Station 2, A shift, Engineer',
      '2. Station 4, B shift, Engineer',
      '3. Station 3, C shift, Engineer',
    ]);
    expect(screen.getByRole('button', { name: 'Move up: Station 2, A shift, Engineer' })).toBeDisabled();

    const up = screen.getByRole('button', { name: 'Move up: Station 3, C shift, Engineer' });
    await user.click(up);
    expect(rows()).toEqual([
      '1. Station 2, A shift, Engineer',
      '2. Station 3, C shift, Engineer',
      '3. Station 4, B shift, Engineer',
    ]);
    expect(screen.getByText('Station 3, C shift, Engineer moved to position 2 of 3.')).toBeInTheDocument();
    expect(up).toHaveFocus();

    // Up again reaches the top, where Move up is disabled: the focus moves to Move down of that row.
    await user.keyboard('{Enter}');
    expect(rows()[0]).toBe('1. Station 3, C shift, Engineer');
    expect(screen.getByRole('button', { name: 'Move down: Station 3, C shift, Engineer' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith([THIRD, FIRST, SECOND]);
  });

  it('removes a seat and adds one, offering only the seats of the member’s position', async () => {
    const { user } = renderField({ initial: [FIRST, SECOND] });
    await user.click(screen.getByRole('button', { name: 'Remove: Station 2, A shift, Engineer' }));
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer']);
    expect(screen.getByText('Station 2, A shift, Engineer removed from your list.')).toBeInTheDocument();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Station' }), 'Station 3 · Lakeside');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Shift' }), 'Shift A');
    // An Engineer may rank Engineer seats only: the one position is filled in.
    expect(screen.getByRole('combobox', { name: 'Seat position' })).toHaveValue('Engineer');
    await user.click(screen.getByRole('button', { name: 'Add seat' }));
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer', '2. Station 3, A shift, Engineer']);

    await chooseOption(user, screen.getByRole('combobox', { name: 'Station' }), 'Station 3 · Lakeside');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Shift' }), 'Shift A');
    expect(screen.getByRole('alert')).toHaveTextContent('Each seat choice may appear only once');
    expect(screen.getByRole('button', { name: 'Add seat' })).toBeDisabled();
  });

  it('marks each seat Free or Taken on a session board, and offers only its free seats, counted by what they are', async () => {
    const board: RankedListBoard = {
      eligibilityMode: 'rank',
      stations: [lakeside, hillcrest].map((station) => ({ ...station, available: 1 })),
    };
    const { user } = renderField({ initial: [FIRST, SECOND, THIRD], board });
    const items = within(screen.getByRole('list', { name: 'Seat choices, best first' })).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Not in this session')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Taken')).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('Free')).toBeInTheDocument();

    // In a session that matches positions to rank, the counts say whose seats they count.
    await chooseOption(
      user,
      screen.getByRole('combobox', { name: 'Station' }),
      'Station 4 · Hillcrest (2 free Engineer seats)',
    );
    const shift = screen.getByRole('combobox', { name: 'Shift' });
    await user.click(shift);
    const listbox = document.getElementById(shift.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Shift A (1 free Engineer seat)', 'Shift C (1 free Engineer seat)']);
    await user.click(within(listbox).getByRole('option', { name: 'Shift A (1 free Engineer seat)', hidden: true }));
    expect(screen.getByRole('combobox', { name: 'Seat position' })).toHaveValue('Engineer (1 of 1 seat free)');
  });

  describe('with the keyboard on the drag handle', () => {
    it('Space lifts, the arrows move, Space drops, with announcements that name the seat', async () => {
      const onChange = vi.fn();
      const { user } = renderField({ initial: [FIRST, SECOND, THIRD], onChange });
      layOutRows();
      const handle = screen.getByRole('button', { name: 'Drag to reorder: Station 2, A shift, Engineer' });
      handle.focus();
      await user.keyboard(' ');
      expect(await screen.findByText('Picked up Station 2, A shift, Engineer. Position 1 of 3.')).toBeInTheDocument();
      await user.keyboard('{ArrowDown}');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      await user.keyboard(' ');
      expect(onChange).toHaveBeenLastCalledWith([SECOND, FIRST, THIRD]);
      expect(rows()[1]).toBe('2. Station 2, A shift, Engineer');
      expect(
        await screen.findByText('Station 2, A shift, Engineer dropped. Position 2 of 3.', { exact: false }),
      ).toBeInTheDocument();
    });

    it('Escape puts the seat back where it was', async () => {
      const onChange = vi.fn();
      const { user } = renderField({ initial: [FIRST, SECOND, THIRD], onChange });
      layOutRows();
      screen.getByRole('button', { name: 'Drag to reorder: Station 2, A shift, Engineer' }).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowDown}');
      await user.keyboard('{Escape}');
      expect(
        await screen.findByText('Moving cancelled. Station 2, A shift, Engineer is back at position 1 of 3.'),
      ).toBeInTheDocument();
      expect(onChange).not.toHaveBeenCalled();
      expect(rows()[0]).toBe('1. Station 2, A shift, Engineer');
    });
  });
});

/** Gives each row a place, 60 px apart (jsdom lays nothing out), so dnd-kit can measure the list. */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-testid="ranked-seat"]');
    if (row === null) return original.call(this);
    const index = [...(row.parentElement?.children ?? [])].indexOf(row);
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) };
  });
}

/** Picks an option of a Mantine select; jsdom never ends the dropdown's opening, so options count as hidden. */
async function chooseOption(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}
