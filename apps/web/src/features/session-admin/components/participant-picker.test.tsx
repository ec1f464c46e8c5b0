import type { User } from '@stationbid/domain';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { testId } from '../../../test/build-bid-session.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { ParticipantPicker } from './participant-picker.tsx';

configure({ asyncUtilTimeout: 5000 });

const downtown = { id: testId('5a1', 1), _id: testId('5a1', 1), name: 'Downtown', number: 1 };
const harbor = { id: testId('5a1', 2), _id: testId('5a1', 2), name: 'Harbor', number: 4 };

function member(n: number, fields: Partial<User>): User {
  const id = testId('7b2', n);
  return buildUser({ id, _id: id, email: `member${n}@stationbid.example`, employeeId: `FD-01${10 + n}`, ...fields });
}
const elena = member(1, {
  firstName: 'Elena',
  lastName: 'Ramirez',
  rank: 'Captain',
  yearsOfService: 19,
  bidPriority: 1,
  currentStation: downtown,
  currentShift: 'A',
});
const caleb = member(2, {
  firstName: 'Caleb',
  lastName: 'Murphy',
  rank: 'Engineer',
  yearsOfService: 1,
  bidPriority: 2,
  currentStation: harbor,
  currentShift: 'B',
});
const chloe = member(3, {
  firstName: 'Chloe',
  lastName: 'Bennett',
  rank: 'Firefighter',
  yearsOfService: 4,
  bidPriority: 3,
  currentStation: harbor,
  currentShift: 'A',
});
const noah = member(4, {
  firstName: 'Noah',
  lastName: 'Quinn',
  rank: 'Firefighter',
  yearsOfService: 0,
  bidPriority: 4,
  currentStation: null,
  currentShift: null,
});

/** The picker as the session form holds it: the selection lives outside, in the form. */
function Harness() {
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  return <ParticipantPicker selectedIds={selectedIds} onChange={setSelectedIds} isDisabled={false} />;
}

function renderPicker() {
  mockApi({ 'GET /api/admin/users': () => jsonResponse(200, { users: [elena, caleb, chloe, noah] }) });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <Harness />
    </AppProviders>,
  );
  return { user };
}

/** Chooses an option of a Mantine select; jsdom never ends the dropdown's opening, so options count as hidden. */
async function choose(user: UserEvent, label: string, option: string) {
  const field = screen.getByRole('combobox', { name: label });
  await user.click(field);
  const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const shownNames = () =>
  screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent);

describe('ParticipantPicker', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('counts years by rule: "1 year", "19 years"', async () => {
    renderPicker();
    expect(await screen.findByText('Captain · Driver · 19 years · FD-0111')).toBeInTheDocument();
    expect(screen.getByText('Engineer · Driver · 1 year · FD-0112')).toBeInTheDocument();
    expect(screen.getByText('Firefighter · Driver · 0 years · FD-0114')).toBeInTheDocument();
  });

  it('filters by rank, station and shift, and Select All Shown picks only the members shown', async () => {
    const { user } = renderPicker();
    await screen.findByRole('checkbox', { name: 'Elena Ramirez' });
    expect(screen.getByText('Showing all 4 active members.')).toBeInTheDocument();

    await choose(user, 'Station', 'Station 4 (Harbor)');
    expect(screen.queryByRole('checkbox', { name: 'Elena Ramirez' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Caleb Murphy' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chloe Bennett' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 4 active members, 0 of them selected.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select All Shown' }));
    expect(screen.getByText('2 of 4 active members selected')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 4 active members, 2 of them selected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select All Shown' })).toBeDisabled();

    // Narrowed to shift A at Harbor: Caleb (shift B) is hidden but stays selected, and says so.
    await choose(user, 'Shift', 'Shift A');
    expect(screen.getByRole('checkbox', { name: 'Chloe Bennett' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Caleb Murphy' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Showing 1 of 4 active members, 1 of them selected. 1 selected member not shown stays selected.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Shown' }));
    expect(screen.getByText('1 of 4 active members selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chloe Bennett' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Clear Shown' })).toBeDisabled();
  });

  it('finds members without a seat, and by rank', async () => {
    const { user } = renderPicker();
    await screen.findByRole('checkbox', { name: 'Elena Ramirez' });

    await choose(user, 'Station', 'Not assigned');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Noah Quinn' })).toBeInTheDocument();

    await choose(user, 'Station', 'All stations');
    await choose(user, 'Rank', 'Firefighter');
    expect(shownNames()).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Chloe Bennett' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Noah Quinn' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'zzz');
    expect(screen.getByText('No active member matches the search and filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select All Shown' })).toBeDisabled();
  });
});
