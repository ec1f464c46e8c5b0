import type { Station } from '@stationbid/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { buildStation } from '../../../test/build-station.ts';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { StationFormModal } from './station-form-modal.tsx';

const CATALOGUE = {
  certifications: [
    { id: '00000000-0000-4000-8000-00000000000a', code: 'HM', name: 'Hazardous Materials Technician', holders: 2 },
    { id: '00000000-0000-4000-8000-00000000000b', code: 'PM', name: 'Paramedic', holders: 5 },
  ],
};

const plain = (position: 'Captain' | 'Firefighter', count: number) => ({
  position,
  count,
  requires: [],
  mustFill: false,
  occupied: 0,
});

/** Station 7: B shift's Firefighters are 2 Paramedic seats that must be filled and 1 open seat. */
const station7 = buildStation({
  number: 7,
  name: 'Hill',
  seatsPerShift: { Captain: 1, Firefighter: 3 },
  seatRules: {
    A: [plain('Captain', 1), plain('Firefighter', 3)],
    B: [
      plain('Captain', 1),
      plain('Firefighter', 1),
      { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true, occupied: 0 },
    ],
    C: [plain('Captain', 1), plain('Firefighter', 3)],
  },
});

function renderForm(station: Station | null, handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <StationFormModal opened station={station} onClose={onClose} />
    </AppProviders>,
  );
  return { api, user, onClose };
}

async function pickOption(user: UserEvent, field: HTMLElement, option: string) {
  await user.click(field);
  // The dropdown is still in its opening transition for jsdom, so its options count as hidden.
  const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('the station form’s seat groups', () => {
  it("shows a station's groups and saves a new one that requires a certification and must be filled", async () => {
    const { api, user, onClose } = renderForm(station7, {
      'GET /api/admin/certifications': () => jsonResponse(200, CATALOGUE),
      [`PUT /api/stations/${station7.id}`]: () =>
        jsonResponse(200, { station: station7, message: 'Station updated successfully' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Station 7' });
    const existing = within(dialog).getByRole('group', { name: 'Shift B, group 1' });
    expect(within(existing).getByRole('textbox', { name: 'Seats' })).toHaveValue('2');
    expect(within(existing).getByRole('checkbox', { name: /Must be filled/ })).toBeChecked();
    expect(await within(existing).findByText('PM – Paramedic')).toBeInTheDocument();
    expect(within(dialog).getByText('Shift B Firefighter: 2 in groups, 1 open to anyone')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add a Shift A seat group' }));
    const added = within(dialog).getByRole('group', { name: 'Shift A, group 1' });
    await pickOption(user, within(added).getByRole('combobox', { name: 'Position' }), 'Firefighter');
    const seats = within(added).getByRole('textbox', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '2');
    await pickOption(user, within(added).getByLabelText('Requires'), 'HM – Hazardous Materials Technician');
    await user.click(within(added).getByRole('checkbox', { name: /Must be filled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The toast names the station saved.
    expect(await screen.findByText('Station 7 saved')).toBeInTheDocument();
    const [request] = api.requestsTo(`PUT /api/stations/${station7.id}`);
    expect(request?.body).not.toHaveProperty('seats');
    expect(request?.body).toMatchObject({
      totalCapacity: 12,
      availablePositions: {
        A: [
          { position: 'Captain', count: 1, requires: [], mustFill: false },
          { position: 'Firefighter', count: 1, requires: [], mustFill: false },
          { position: 'Firefighter', count: 2, requires: ['HM'], mustFill: true },
        ],
        B: [
          { position: 'Captain', count: 1, requires: [], mustFill: false },
          { position: 'Firefighter', count: 1, requires: [], mustFill: false },
          { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true },
        ],
      },
    });
  });

  it('names what is wrong with a group and sends nothing until it is right', async () => {
    const { api, user } = renderForm(station7, {
      'GET /api/admin/certifications': () => jsonResponse(200, CATALOGUE),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Station 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a Shift C seat group' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const added = within(dialog).getByRole('group', { name: 'Shift C, group 1' });
    expect(
      await within(added).findByText('Choose a certification, or mark the seats as must be filled'),
    ).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/stations/${station7.id}`)).toHaveLength(0);

    await user.click(within(added).getByRole('button', { name: 'Remove Shift C, group 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Shift C, group 1' })).not.toBeInTheDocument();
  });

  it('asks for no catalogue while a station has no groups', async () => {
    const station = buildStation({ number: 3, name: 'Harbor' });
    const { api } = renderForm(station, {});
    await screen.findByRole('dialog', { name: 'Edit Station 3' });
    expect(api.requests).toHaveLength(0);
  });
});
