import type { Station } from '@stationbid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStation } from '../../../test/build-station.ts';
import { adminUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LIST = 'GET /api/stations?includeInactive=true';

const downtown = buildStation({
  number: 1,
  name: 'Downtown',
  address: '100 Main Street, Riverton',
  phoneNumber: '555-0101',
  seatsPerShift: { Captain: 1, Engineer: 1, Firefighter: 2 },
  seated: {
    A: [
      ['Elena', 'Ramirez', 'Captain'],
      ['Caleb', 'Murphy', 'Engineer'],
      ['Chloe', 'Bennett', 'Firefighter'],
      ['Ryan', 'Nakamura', 'Firefighter'],
    ],
    B: [
      ['Priya', 'Natarajan', 'Captain'],
      ['Emma', 'Kim', 'Engineer'],
      ['Maya', 'Johansson', 'Firefighter'],
      ['Zoe', 'Adeyemi', 'Firefighter'],
    ],
    C: [['Victor', 'Petrov', 'Engineer']],
  },
});
const harbor = buildStation({
  number: 3,
  name: 'Harbor',
  address: '18 Wharf Road, Port Riverton',
  seatsPerShift: { Captain: 1, Engineer: 1, Firefighter: 3 },
  seated: { A: [['Tomas', 'Kowalski', 'Captain']] },
});
const hillcrest = buildStation({
  number: 5,
  name: 'Hillcrest',
  address: '9 Summit Drive, Hillcrest',
  isActive: false,
});

function renderStationManagement(stations: Station[], api: Record<string, MockHandler> = {}) {
  return renderApp({
    path: '/admin/stations',
    signedInAs: adminUser,
    api: { [LIST]: () => jsonResponse(200, { stations }), ...api },
  });
}

function summaryFigure(label: string): string | null {
  const summary = screen.getByRole('region', { name: 'Station summary' });
  return within(summary).getByText(label).nextElementSibling?.textContent ?? null;
}

/** Puts text in a field at once: typing long text key by key re-renders the whole form each time. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function chooseOption(user: UserEvent, label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await user.click(select);
  // The dropdown is still in its opening transition for jsdom, so its options count as hidden.
  const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
  expect(select).toHaveValue(option);
}

// The station form has some thirty inputs, and jsdom re-renders it slowly at each key typed.
describe('StationManagementPage (/admin/stations)', { timeout: 15_000 }, () => {
  beforeAll(() => {
    // Mantine scrolls the chosen option into view; jsdom has no layout, so no scrollIntoView.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('shows the summary, and a card per station with capacity, free seats, fill rate and status', async () => {
    const { api } = renderStationManagement([downtown, harbor, hillcrest]);

    const card = await screen.findByRole('article', { name: 'Downtown' });
    expect(screen.getByRole('heading', { level: 1, name: 'Station Management' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Station List', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Import Stations' })).toBeInTheDocument();

    expect(summaryFigure('Total Stations')).toBe('3');
    expect(summaryFigure('Active')).toBe('2');
    expect(summaryFigure('Total Capacity')).toBe('39');
    // Downtown 9 of 12 seats (75%), Harbor 1 of 15 (7%), Hillcrest 0 of 12 (0%).
    expect(summaryFigure('Avg Fill Rate')).toBe('27%');

    expect(within(card).getByText('Station 1')).toBeInTheDocument();
    expect(within(card).getByText('100 Main Street, Riverton')).toBeInTheDocument();
    expect(card).toHaveTextContent('Available positions: 3 of 12');
    expect(within(card).getByRole('progressbar', { name: 'Station 1 fill rate' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(within(card).getByText('Available')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Hillcrest' })).getByText('Inactive')).toBeInTheDocument();
    for (const action of ['View', 'Edit', 'Delete']) {
      expect(within(card).getByRole('button', { name: `${action} Station 1 (Downtown)` })).toBeInTheDocument();
    }
    expect(screen.getByText('Showing 1 to 3 of 3 stations')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Station pages' })).not.toBeInTheDocument();
    expect(api.unhandled).toEqual([]);
  });

  it('badges a full station Full and a nearly full one Nearly Full', async () => {
    const full = buildStation({ number: 7, name: 'Full House', seatsPerShift: { Captain: 1 } });
    const nearlyFull = buildStation({ number: 8, name: 'Almost', seatsPerShift: { Firefighter: 5 } });
    renderStationManagement([
      { ...full, fillRate: 100, totalOccupancy: 3 },
      { ...nearlyFull, fillRate: 80, totalOccupancy: 12 },
    ]);

    expect(within(await screen.findByRole('article', { name: 'Full House' })).getByText('Full')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Almost' })).getByText('Nearly Full')).toBeInTheDocument();
  });

  it('searches, filters by status and location, and offers to clear filters that hide everything', async () => {
    const { user } = renderStationManagement([downtown, harbor, hillcrest]);
    await screen.findByRole('article', { name: 'Downtown' });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'wharf');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Harbor' })).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));

    await chooseOption(user, 'Status', 'Inactive');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Hillcrest' })).toBeInTheDocument();

    await chooseOption(user, 'Status', 'All statuses');
    await chooseOption(user, 'Location', 'Port Riverton');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Harbor' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'downtown');
    expect(await screen.findByRole('heading', { name: 'No Stations Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Station' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));

    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('shows 12 stations a page, with Previous, numbered pages and Next', async () => {
    const stations = Array.from({ length: 14 }, (_, index) =>
      buildStation({ number: index + 1, name: `Station Name ${index + 1}` }),
    );
    const { user } = renderStationManagement(stations);
    await screen.findByRole('article', { name: 'Station Name 1' });

    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Showing 1 to 12 of 14 stations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 13 to 14 of 14 stations')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Station Name 14' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(screen.getByText('Showing 1 to 12 of 14 stations')).toBeInTheDocument();

    // A search goes back to the first page and hides the pages when one is enough.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'Station Name 1');
    expect(screen.getByText('Showing 1 to 6 of 6 stations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('switches between cards and a table', async () => {
    const { user } = renderStationManagement([downtown, harbor]);
    await screen.findByRole('article', { name: 'Downtown' });

    await user.click(screen.getByRole('radio', { name: 'List' }));

    const table = screen.getByRole('table', { name: 'Stations' });
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Downtown/ });
    expect(row).toHaveTextContent('12 (4 / 4 / 4)');
    expect(within(row).getByRole('button', { name: 'Delete Station 1 (Downtown)' })).toBeInTheDocument();
  });

  it('offers to create the first station when there is none', async () => {
    const { user } = renderStationManagement([]);

    expect(await screen.findByRole('heading', { name: 'No Stations Found' })).toBeInTheDocument();
    expect(summaryFigure('Total Stations')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Create First Station' }));

    expect(await screen.findByRole('dialog', { name: 'Add Station' })).toBeInTheDocument();
  });

  it('shows the form messages and sends nothing until the form is right', async () => {
    const { user, api } = renderStationManagement([downtown]);
    await screen.findByRole('article', { name: 'Downtown' });
    await user.click(screen.getByRole('button', { name: 'Add Station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Station' });

    expect(within(dialog).getByRole('checkbox', { name: /Active/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create Station' }));

    expect(await within(dialog).findByText('Station name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Station number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Address is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Capacity must be at least 1')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Station Number' })).toHaveFocus();

    // The total capacity is no field: it is counted from the seats as they are typed.
    expect(within(dialog).queryByRole('textbox', { name: 'Total Capacity' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Shift A Captain seats' }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Shift B Firefighter seats' }), '3');
    expect(within(dialog).getByText(/Total capacity:/)).toHaveTextContent(
      'Total capacity: 4 (A 1, B 3, C 0), counted from the seats',
    );
    await waitFor(() => expect(within(dialog).queryByText('Capacity must be at least 1')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/stations')).toHaveLength(0);
  });

  it('creates a station with its seats, says so and reloads the list', async () => {
    let stations = [downtown];
    const westside = buildStation({ number: 41, name: 'Westside', address: '350 West Market Street, Riverton' });
    const { user, api } = renderStationManagement([], {
      [LIST]: () => jsonResponse(200, { stations }),
      'POST /api/stations': () => {
        stations = [downtown, westside];
        return jsonResponse(201, { station: westside, message: 'Station created successfully' });
      },
    });
    await screen.findByRole('article', { name: 'Downtown' });
    await user.click(screen.getByRole('button', { name: 'Add Station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Station' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Station Number' }), '41');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Station Name' }), 'Westside');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Address' }), '350 West Market Street, Riverton');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Phone Number' }), '555-0141');
    for (const shift of ['A', 'B', 'C']) {
      await user.type(within(dialog).getByRole('textbox', { name: `Shift ${shift} Captain seats` }), '1');
      await user.type(within(dialog).getByRole('textbox', { name: `Shift ${shift} Firefighter seats` }), '2');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create Station' }));

    expect(await screen.findByText('Station 41 created')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Westside' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Station' })).not.toBeInTheDocument());
    const seatsPerShift = { Captain: 1, Lieutenant: 0, Engineer: 0, Firefighter: 2 };
    expect(api.requestsTo('POST /api/stations')[0]?.body).toEqual({
      number: 41,
      name: 'Westside',
      address: '350 West Market Street, Riverton',
      description: null,
      phoneNumber: '555-0141',
      email: null,
      isActive: true,
      totalCapacity: 9,
      seats: { A: seatsPerShift, B: seatsPerShift, C: seatsPerShift },
      preferredRanks: [],
    });
    expect(api.requestsTo(LIST)).toHaveLength(2);
  });

  it("shows the server's refusal of a new station and keeps the form open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderStationManagement([downtown], {
      'POST /api/stations': () => jsonResponse(409, { error: 'Station number 1 already exists', code: 'CONFLICT' }),
    });
    await screen.findByRole('article', { name: 'Downtown' });
    await user.click(screen.getByRole('button', { name: 'Add Station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Station' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Station Number' }), '1');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Station Name' }), 'Copy');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Address' }), '1 Copy Lane, Riverton');
    await user.type(within(dialog).getByRole('textbox', { name: 'Shift A Captain seats' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Station' }));

    expect(await screen.findByText('Station number 1 already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Station' })).toBeInTheDocument();
  });

  it('edits a station from its current values and shows a refusal to remove held seats', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = 'Cannot reduce Captain seats on shift A to 0: 1 member is assigned to them. Move them first.';
    const { user, api } = renderStationManagement([downtown], {
      [`PUT /api/stations/${downtown.id}`]: () => jsonResponse(409, { error: refusal, code: 'CONFLICT' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Station 1 (Downtown)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Station 1' });

    expect(within(dialog).getByRole('textbox', { name: 'Station Name' })).toHaveValue('Downtown');
    expect(within(dialog).getByText(/Total capacity:/)).toHaveTextContent('Total capacity: 12');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Shift A Captain seats' }));
    expect(within(dialog).getByText(/Total capacity:/)).toHaveTextContent('Total capacity: 11');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Station 1' })).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/stations/${downtown.id}`)[0]?.body).toMatchObject({
      name: 'Downtown',
      phoneNumber: '555-0101',
      totalCapacity: 11,
      seats: { A: { Captain: 0, Lieutenant: 0, Engineer: 1, Firefighter: 2 } },
    });
  });

  it('shows the details of a station: its fields, seats per shift and who is seated', async () => {
    const { user } = renderStationManagement([downtown]);
    await user.click(await screen.findByRole('button', { name: 'View Station 1 (Downtown)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downtown (Station 1)' });

    expect(within(dialog).getByText('555-0101')).toBeInTheDocument();
    expect(within(dialog).getByText('Riverton')).toBeInTheDocument();
    const shiftC = within(dialog).getByRole('rowheader', { name: 'Shift C' }).closest('tr');
    expect(shiftC).toHaveTextContent('Shift C413Captain: 1 of 1 free, Engineer: 0 of 1 free, Firefighter: 2 of 2 free');
    expect(within(dialog).getByRole('list', { name: 'Members on shift A' })).toHaveTextContent(
      'Elena Ramirez (Captain)',
    );
    expect(within(dialog).getByRole('list', { name: 'Members on shift C' })).toHaveTextContent(
      'Victor Petrov (Engineer)',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Edit Station' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Station 1' })).toBeInTheDocument();
  });

  it('deletes a station after confirmation', async () => {
    let stations = [downtown, harbor];
    const { user, api } = renderStationManagement([], {
      [LIST]: () => jsonResponse(200, { stations }),
      [`DELETE /api/stations/${harbor.id}`]: () => {
        stations = [downtown];
        return jsonResponse(200, { message: 'Station deleted successfully' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Station 3 (Harbor)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Station' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Station 3 (Harbor)?');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`DELETE /api/stations/${harbor.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Station 3 (Harbor)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Station' })).getByRole('button', {
        name: 'Delete Station',
      }),
    );

    expect(await screen.findByText('Station 3 deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbor' })).not.toBeInTheDocument());
    expect(api.requestsTo(`DELETE /api/stations/${harbor.id}`)).toHaveLength(1);
  });

  it("shows the server's refusal to delete a station members are assigned to", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal =
      'Cannot delete Station 1 (Downtown): 9 members are assigned to it. Deactivate it instead, or move them first.';
    const { user } = renderStationManagement([downtown], {
      [`DELETE /api/stations/${downtown.id}`]: () => jsonResponse(409, { error: refusal, code: 'CONFLICT' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Station 1 (Downtown)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Station' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Station' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Downtown' })).toBeInTheDocument();
  });

  it('falls back to "Failed to delete station" when the server gives no reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderStationManagement([downtown], {
      [`DELETE /api/stations/${downtown.id}`]: () => new Response(null, { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Station 1 (Downtown)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Station' })).getByRole('button', {
        name: 'Delete Station',
      }),
    );

    expect(await screen.findByText('Failed to delete station')).toBeInTheDocument();
  });

  it('shows "Failed to load stations" with Try Again when the list does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = jsonResponse(403, { error: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' });
    const { user } = renderStationManagement([], { [LIST]: () => answer });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load stations');
    expect(alert).toHaveTextContent('Access denied. Admin privileges required.');

    answer = jsonResponse(200, { stations: [harbor] });
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Harbor' })).toBeInTheDocument();
  });
});
