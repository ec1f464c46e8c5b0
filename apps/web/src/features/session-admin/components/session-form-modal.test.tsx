import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  officersFirstRounds,
  type User,
} from '@stationbid/domain';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { getViewerTimeZone } from '../../../lib/department-time-zone.ts';
import { buildBidSession, buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { buildStation } from '../../../test/build-station.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { departmentSettingsApi, jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { SessionFormModal } from './session-form-modal.tsx';

// The form re-renders as a whole on each change; on a busy machine a step takes more than a second.
configure({ asyncUtilTimeout: 5000 });

const PRESET = 'Use the preset: Officers first (Captains and Lieutenants), then Engineers, then Firefighters';

function member(n: number, fields: Partial<User>): User {
  const id = testId('3e3', n);
  return buildUser({ id, _id: id, email: `member${n}@stationbid.example`, employeeId: `FD-00${10 + n}`, ...fields });
}
const elena = member(1, { firstName: 'Elena', lastName: 'Ramirez', rank: 'Captain', yearsOfService: 19 });
const caleb = member(2, { firstName: 'Caleb', lastName: 'Murphy', rank: 'Engineer', yearsOfService: 15 });

function renderForm(session: BidSession | null, handlers: Record<string, MockHandler> = {}) {
  const api = mockApi({
    ...departmentSettingsApi(getViewerTimeZone()),
    'GET /api/admin/users': () => jsonResponse(200, { users: [elena, caleb] }),
    ...handlers,
  });
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <SessionFormModal opened session={session} onClose={onClose} />
    </AppProviders>,
  );
  return { api, user, onClose };
}

/** Puts text in a field at once: typing key by key re-renders the whole form each time. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** The options of a Mantine select; jsdom never ends the dropdown's opening, so they count as hidden. */
async function openOptions(user: UserEvent, field: HTMLElement) {
  await user.click(field);
  const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '') as HTMLElement;
  return within(listbox);
}

const roundNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('group', { name: /^Round \d/ })
    .map((round) => within(round).getByRole('textbox', { name: /Round name/ }))
    .map((input) => (input as HTMLInputElement).value);

async function fillSession(user: UserEvent, dialog: HTMLElement) {
  const form = within(dialog);
  await user.click(await form.findByRole('checkbox', { name: 'Elena Ramirez' }));
  await user.click(form.getByRole('checkbox', { name: 'Caleb Murphy' }));
  await fill(user, form.getByRole('textbox', { name: 'Session Name' }), 'Spring Rounds');
  await fill(user, form.getByLabelText(/Start Date/), '2026-09-01');
  await fill(user, form.getByLabelText(/End Date/), '2026-09-30');
}

describe('the session form’s rounds', { timeout: 30_000 }, () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('is off by default and then sends no rounds', async () => {
    const { api, user } = renderForm(null, {
      'POST /api/bid-sessions': () =>
        jsonResponse(201, { session: buildBidSessionDetail(), message: BID_MESSAGES.sessionCreated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    const rounds = await within(dialog).findByRole('switch', { name: /^Bid in rounds/ });
    expect(rounds).not.toBeChecked();
    expect(within(dialog).queryByRole('button', { name: PRESET })).not.toBeInTheDocument();

    await fillSession(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions')[0]?.body).not.toHaveProperty('rounds');
  });

  it('fills three rounds from the preset, offers a rank to one round only, and sends the rounds', async () => {
    const { api, user, onClose } = renderForm(null, {
      'POST /api/bid-sessions': () =>
        jsonResponse(201, { session: buildBidSessionDetail(), message: BID_MESSAGES.sessionCreated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    await fillSession(user, dialog);
    await user.click(within(dialog).getByRole('switch', { name: /^Bid in rounds/ }));
    await user.click(within(dialog).getByRole('button', { name: PRESET }));

    expect(roundNames(dialog)).toEqual(["Officers' round", "Engineers' round", "Firefighters' round"]);
    const officers = within(dialog).getByRole('group', { name: "Round 1: Officers' round" });
    for (const rank of ['Chief', 'Deputy Chief', 'Battalion Chief', 'Captain', 'Lieutenant']) {
      expect(within(officers).getByText(rank)).toBeInTheDocument();
    }
    expect(within(officers).getByRole('textbox', { name: /Bid window \(minutes\)/ })).toHaveValue('5');

    // Engineers' round cannot take the Captains: they already bid with the officers.
    const engineers = within(dialog).getByRole('group', { name: "Round 2: Engineers' round" });
    const options = await openOptions(user, within(engineers).getByLabelText(/^Ranks/));
    const captain = options.getByRole('option', { name: "Captain (in Officers' round)", hidden: true });
    expect(captain).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(captain);
    expect(within(engineers).queryByText('Captain')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await fill(user, within(engineers).getByRole('textbox', { name: /Bid window \(minutes\)/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [preset1, preset2, preset3] = officersFirstRounds(5);
    expect(api.requestsTo('POST /api/bid-sessions')[0]?.body).toMatchObject({
      name: 'Spring Rounds',
      participantIds: [elena.id, caleb.id],
      rounds: [preset1, { ...preset2, bidWindowDuration: 3 }, preset3],
    });
  });

  it('adds, moves and removes rounds, and names what is missing before sending', async () => {
    const { api, user } = renderForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    await fillSession(user, dialog);
    await user.click(within(dialog).getByRole('switch', { name: /^Bid in rounds/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await within(dialog).findByText('Add a round, or turn rounds off')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add a round' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a round' }));
    const second = within(dialog).getByRole('group', { name: 'Round 2: Round 2' });
    await fill(user, within(second).getByRole('textbox', { name: /Round name/ }), 'Captains');
    await user.click(within(dialog).getByRole('button', { name: 'Move up: Round 2: Captains' }));
    expect(roundNames(dialog)).toEqual(['Captains', 'Round 1']);
    // Moved to the top, its Move up is disabled: the focus stays on the round, on Move down.
    expect(within(dialog).getByRole('button', { name: 'Move down: Round 1: Captains' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await within(dialog).findAllByText('Each round needs at least one rank')).toHaveLength(2);
    expect(api.requestsTo('POST /api/bid-sessions')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove: Round 2: Round 1' }));
    expect(roundNames(dialog)).toEqual(['Captains']);
  });

  it("shows the server's refusal beside the form and keeps what was typed", async () => {
    const refusal =
      "No round has Engineer (Caleb Murphy): every participant's rank must be in a round. Add the rank to a round.";
    const { user, onClose } = renderForm(null, {
      'POST /api/bid-sessions': () => jsonResponse(400, { error: refusal, code: 'BAD_REQUEST' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    await fillSession(user, dialog);
    await user.click(within(dialog).getByRole('switch', { name: /^Bid in rounds/ }));
    await user.click(within(dialog).getByRole('button', { name: PRESET }));
    await user.click(within(dialog).getByRole('button', { name: "Remove: Round 2: Engineers' round" }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The session is not saved');
    expect(alert).toHaveTextContent(refusal);
    expect(roundNames(dialog)).toEqual(["Officers' round", "Firefighters' round"]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows and saves the rounds of a session before its start', async () => {
    const scheduled = buildBidSessionDetail({
      id: testId('5e55', 8),
      name: 'Summer Bid',
      status: 'scheduled',
      rounds: officersFirstRounds(5),
      participants: [buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', user: { id: elena.id } })],
    });
    const { api, user, onClose } = renderForm(scheduled, {
      [`GET /api/bid-sessions/${scheduled.id}`]: () => jsonResponse(200, { session: scheduled }),
      [`PUT /api/bid-sessions/${scheduled.id}`]: () =>
        jsonResponse(200, { session: scheduled, message: BID_MESSAGES.sessionUpdated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Summer Bid' });
    expect(await within(dialog).findByRole('switch', { name: /^Bid in rounds/ })).toBeChecked();
    expect(roundNames(dialog)).toEqual(["Officers' round", "Engineers' round", "Firefighters' round"]);

    await user.click(within(dialog).getByRole('button', { name: "Move up: Round 3: Firefighters' round" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [officers, engineers, firefighters] = officersFirstRounds(5);
    expect(api.requestsTo(`PUT /api/bid-sessions/${scheduled.id}`)[0]?.body).toMatchObject({
      rounds: [officers, firefighters, engineers],
    });
  });

  it('clears the rounds of a session edited before its start when they are turned off', async () => {
    const scheduled = buildBidSessionDetail({
      id: testId('5e55', 9),
      name: 'Summer Bid',
      status: 'draft',
      rounds: officersFirstRounds(5),
      participants: [buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', user: { id: elena.id } })],
    });
    const { api, user, onClose } = renderForm(scheduled, {
      [`GET /api/bid-sessions/${scheduled.id}`]: () => jsonResponse(200, { session: scheduled }),
      [`PUT /api/bid-sessions/${scheduled.id}`]: () =>
        jsonResponse(200, { session: scheduled, message: BID_MESSAGES.sessionUpdated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Summer Bid' });
    await user.click(await within(dialog).findByRole('switch', { name: /^Bid in rounds/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requestsTo(`PUT /api/bid-sessions/${scheduled.id}`)[0]?.body).toMatchObject({ rounds: [] });
  });

  it('shows the rounds of a running session read-only and sends none', async () => {
    const active: BidSessionDetail = buildBidSessionDetail({
      id: testId('5e55', 10),
      name: 'Winter Bid',
      status: 'active',
      rounds: officersFirstRounds(5),
      participants: [buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', user: { id: elena.id } })],
    });
    const { api, user, onClose } = renderForm(buildBidSession(active), {
      [`GET /api/bid-sessions/${active.id}`]: () => jsonResponse(200, { session: active }),
      [`PUT /api/bid-sessions/${active.id}`]: () =>
        jsonResponse(200, { session: active, message: BID_MESSAGES.sessionUpdated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Winter Bid' });
    expect(await within(dialog).findByText('The session has started: its rounds can no longer change.')).toBeVisible();
    expect(within(dialog).getByRole('switch', { name: /^Bid in rounds/ })).toBeDisabled();
    const officers = within(dialog).getByRole('group', { name: "Round 1: Officers' round" });
    expect(within(officers).getByRole('textbox', { name: /Round name/ })).toBeDisabled();
    expect(within(officers).getByRole('button', { name: /^Remove/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add a round' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requestsTo(`PUT /api/bid-sessions/${active.id}`)[0]?.body).not.toHaveProperty('rounds');
  });
});

describe('a vacancy bid in the session form', { timeout: 30_000 }, () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  // Station 2's B-shift Firefighter seat is held; Station 7's is free.
  const station2 = buildStation({
    number: 2,
    name: 'Northside',
    seatsPerShift: { Firefighter: 1 },
    seated: { B: [['Avery', 'Hale', 'Firefighter']] },
  });
  const station7 = buildStation({ number: 7, name: 'Airport', seatsPerShift: { Firefighter: 1 } });
  const stationsApi = { 'GET /api/stations': () => jsonResponse(200, { stations: [station7, station2] }) };

  async function chooseVacancy(user: UserEvent, dialog: HTMLElement) {
    await user.click(await within(dialog).findByRole('radio', { name: 'Vacancy bid' }));
    return within(dialog).findByRole('group', { name: 'Open seat 1' });
  }

  it('hides rounds, cleared seats and stations offered, names the eligible members, and sends the open seats', async () => {
    const { api, user, onClose } = renderForm(null, {
      ...stationsApi,
      'POST /api/bid-sessions': () =>
        jsonResponse(201, { session: buildBidSessionDetail(), message: BID_MESSAGES.sessionCreated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    const type = await within(dialog).findByRole('radiogroup', { name: /^Type of bid/ });
    expect(within(type).getByRole('radio', { name: 'Standard bid' })).toBeChecked();
    // A standard bid: rounds and the rest are there.
    expect(within(dialog).getByRole('switch', { name: /^Bid in rounds/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /^Bid in rounds/ }));

    const row = await chooseVacancy(user, dialog);
    expect(within(dialog).queryByRole('switch', { name: /^Bid in rounds/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /^Clear assignments/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup', { name: 'Stations Offered' })).not.toBeInTheDocument();
    // A missed turn is a pass: there is no second chance to time.
    expect(within(dialog).queryByRole('textbox', { name: /^Auto-assign Timeout/ })).not.toBeInTheDocument();
    const members = within(dialog).getByRole('group', { name: 'Members who may be offered the seats' });
    expect(within(dialog).queryByRole('group', { name: 'Participants' })).not.toBeInTheDocument();

    // The stations are the active ones, by number; a held seat is said to be none to open.
    const stationSelect = within(row).getByRole('combobox', { name: 'Station' });
    expect(
      within(stationSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a station', 'Station 2 · Northside', 'Station 7 · Airport']);
    await user.selectOptions(stationSelect, station2.id);
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Shift' }), 'B');
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Position' }), 'Firefighter');
    expect(row).toHaveTextContent(
      'Station 2 · B shift · Firefighter has no free seat: a seat someone holds opens when they move.',
    );
    await user.selectOptions(stationSelect, station7.id);
    expect(row).toHaveTextContent('Station 7 · B shift · Firefighter: 1 free.');

    // A second row, then removed again with its labelled button; focus stays in the list.
    await user.click(within(dialog).getByRole('button', { name: 'Add an open seat' }));
    const second = within(dialog).getByRole('group', { name: 'Open seat 2' });
    expect(within(second).getByRole('combobox', { name: 'Station' })).toHaveFocus();
    await user.click(within(second).getByRole('button', { name: 'Remove Open seat 2' }));
    expect(within(dialog).queryByRole('group', { name: 'Open seat 2' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove Open seat 1' })).toHaveFocus();

    await user.click(await within(members).findByRole('checkbox', { name: 'Elena Ramirez' }));
    await user.click(within(members).getByRole('checkbox', { name: 'Caleb Murphy' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Session Name' }), 'Vacancy: Station 7 B');
    await fill(user, within(dialog).getByLabelText(/Start Date/), '2026-09-01');
    await fill(user, within(dialog).getByLabelText(/End Date/), '2026-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.requestsTo('POST /api/bid-sessions')[0]?.body;
    expect(body).toMatchObject({
      name: 'Vacancy: Station 7 B',
      type: 'vacancy',
      openSeats: [{ stationId: station7.id, shift: 'B', position: 'Firefighter' }],
      participantIds: [elena.id, caleb.id],
      stationIds: [],
      clearAssignments: false,
    });
    // Rounds were turned on before the type changed: a vacancy bid sends none.
    expect(body).not.toHaveProperty('rounds');
  });

  it('names what an open seat lacks, and needs at least one', async () => {
    const { api, user } = renderForm(null, stationsApi);
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    const row = await chooseVacancy(user, dialog);
    await fillSession(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await within(row).findByText('Choose the station of each open seat')).toBeInTheDocument();
    expect(within(row).getByText('Choose the shift of each open seat: A, B or C')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Station' })).toHaveFocus();

    await user.click(within(row).getByRole('button', { name: 'Remove Open seat 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await within(dialog).findByText(BID_MESSAGES.vacancyNeedsOpenSeat)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add an open seat' })).toHaveFocus();
    expect(api.requestsTo('POST /api/bid-sessions')).toHaveLength(0);
  });

  it("shows the server's refusal of a seat that is not free as the form's error", async () => {
    const refusal = 'Station 2 has no free B-shift Firefighter seat to open: a seat someone holds opens when they move';
    const { user, onClose } = renderForm(null, {
      ...stationsApi,
      'POST /api/bid-sessions': () => jsonResponse(400, { error: refusal, code: 'VALIDATION_ERROR' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    const row = await chooseVacancy(user, dialog);
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Station' }), station2.id);
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Shift' }), 'B');
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Position' }), 'Firefighter');
    await fillSession(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The session is not saved');
    expect(alert).toHaveTextContent(refusal);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the type and open seats of a vacancy bid when it is edited, and sends neither', async () => {
    const draft = buildBidSessionDetail({
      id: testId('5e55', 12),
      name: 'Vacancy: Station 7 B',
      type: 'vacancy',
      openSeats: [
        {
          seatId: testId('5ea7', 1),
          stationId: station7.id,
          stationNumber: 7,
          stationName: 'Airport',
          shift: 'B',
          position: 'Firefighter',
        },
      ],
      participants: [buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', user: { id: elena.id } })],
    });
    const { api, user, onClose } = renderForm(draft, {
      ...stationsApi,
      [`GET /api/bid-sessions/${draft.id}`]: () => jsonResponse(200, { session: draft }),
      [`PUT /api/bid-sessions/${draft.id}`]: () =>
        jsonResponse(200, { session: draft, message: BID_MESSAGES.sessionUpdated }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vacancy: Station 7 B' });
    expect(await within(dialog).findByRole('radio', { name: 'Vacancy bid' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Standard bid' })).toBeDisabled();
    const row = await within(dialog).findByRole('group', { name: 'Open seat 1' });
    expect(within(row).getByRole('combobox', { name: 'Station' })).toHaveValue(station7.id);
    expect(within(row).getByRole('combobox', { name: 'Station' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add an open seat' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.requestsTo(`PUT /api/bid-sessions/${draft.id}`)[0]?.body;
    expect(body).toMatchObject({ participantIds: [elena.id], rounds: [], clearAssignments: false });
    expect(body).not.toHaveProperty('type');
    expect(body).not.toHaveProperty('openSeats');
  });
});
