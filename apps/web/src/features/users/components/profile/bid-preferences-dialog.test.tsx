import { BID_PREFERENCE_MESSAGES, type BidPreferences, DEFAULT_BID_PREFERENCES } from '@stationbid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStation } from '../../../../test/build-station.ts';
import { buildUser } from '../../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

// The dialog loads the list's editor on demand; have its module ready, as the app would after the
// first open, so a findBy does not wait on Vitest transforming it.
await import('../ranked-list-field.tsx');

// An Engineer: the only seat position offered is Engineer.
const member = buildUser({ rank: 'Engineer' });
const lakeside = buildStation({ number: 3, name: 'Lakeside' });
const hillcrest = buildStation({ number: 5, name: 'Hillcrest' });

function renderDialog({
  preferences = DEFAULT_BID_PREFERENCES,
  api = {},
}: {
  preferences?: BidPreferences;
  api?: Record<string, MockHandler>;
} = {}) {
  return renderApp({
    path: '/profile',
    signedInAs: member,
    api: {
      'GET /api/users/profile': () => jsonResponse(200, { user: member }),
      'GET /api/users/preferences': () => jsonResponse(200, { preferences }),
      'GET /api/stations': () => jsonResponse(200, { stations: [lakeside, hillcrest] }),
      'PUT /api/users/preferences': (request) =>
        jsonResponse(200, {
          preferences: { ...preferences, ...(request.body as object) },
          message: BID_PREFERENCE_MESSAGES.updated,
        }),
      ...api,
    },
  });
}

type UserEvent = ReturnType<typeof renderDialog>['user'];

async function openDialog(user: UserEvent) {
  // The profile page is loaded on demand: on a busy machine it takes more than findBy's default second.
  await user.click(await screen.findByRole('button', { name: 'Bid Preferences' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Bid Preferences' });
}

/** Picks an option of a Mantine select; jsdom never ends the dropdown's opening, so options count as hidden. */
async function chooseOption(user: UserEvent, input: HTMLElement, option: string) {
  await user.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

async function addChoice(user: UserEvent, station: string, shift: string) {
  // The list's editor is loaded on demand the first time the dialog shows it.
  await chooseOption(user, await screen.findByRole('combobox', { name: 'Station' }, { timeout: 5000 }), station);
  await chooseOption(user, screen.getByRole('combobox', { name: 'Shift' }), shift);
  await user.click(screen.getByRole('button', { name: 'Add seat' }));
}

const choiceTexts = () =>
  within(screen.getByRole('list', { name: 'Seat choices, best first' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^\d+\. /).textContent);

describe('BidPreferencesDialog', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('loads the saved preferences, with the seat choices shown whichever switch is on', async () => {
    const { user } = renderDialog({
      preferences: {
        ...DEFAULT_BID_PREFERENCES,
        autoBid: true,
        seatChoices: [{ stationId: hillcrest.id, shift: 'B', seatPosition: 'Engineer' }],
        preferredShifts: ['C'],
      },
    });
    const dialog = await openDialog(user);
    expect(
      await within(dialog).findByText('1. Station 5, B shift, Engineer', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /Auto-bid/ }));
    // Both ways of bidding for the member use the list, so it stays.
    expect(within(dialog).getByRole('list', { name: 'Seat choices, best first' })).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /^Bid my list for me when my turn comes/ })).toBeEnabled();
  });

  it('saves a standing bid, which waits for a seat on the list', async () => {
    const { user, api } = renderDialog();
    const dialog = await openDialog(user);
    const standing = await within(dialog).findByRole('switch', { name: /^Bid my list for me when my turn comes/ });
    expect(standing).toBeDisabled();
    expect(standing).toHaveAccessibleDescription(/Add a seat to your list first\.$/);

    await addChoice(user, 'Station 3 · Lakeside', 'Shift A');
    expect(standing).toBeEnabled();
    await user.click(standing);
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText(BID_PREFERENCE_MESSAGES.updated)).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/preferences')[0]?.body).toEqual({
      ...DEFAULT_BID_PREFERENCES,
      standingBid: true,
      seatChoices: [{ stationId: lakeside.id, shift: 'A', seatPosition: 'Engineer' }],
    });
  });

  it('adds, reorders and removes choices, and saves only once something changed', async () => {
    const { user, api } = renderDialog({ preferences: { ...DEFAULT_BID_PREFERENCES, autoBid: true } });
    const dialog = await openDialog(user);
    const save = await within(dialog).findByRole('button', { name: 'Save Preferences' });
    expect(save).toBeDisabled();

    await addChoice(user, 'Station 3 · Lakeside', 'Shift A');
    await addChoice(user, 'Station 5 · Hillcrest', 'Shift C');
    expect(choiceTexts()).toEqual(['1. Station 3, A shift, Engineer', '2. Station 5, C shift, Engineer']);
    expect(save).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Move up: Station 5, C shift, Engineer' }));
    expect(choiceTexts()).toEqual(['1. Station 5, C shift, Engineer', '2. Station 3, A shift, Engineer']);
    await user.click(screen.getByRole('button', { name: 'Remove: Station 3, A shift, Engineer' }));
    expect(choiceTexts()).toEqual(['1. Station 5, C shift, Engineer']);

    await user.click(save);
    expect(await screen.findByText(BID_PREFERENCE_MESSAGES.updated)).toBeInTheDocument();
    const [put] = api.requestsTo('PUT /api/users/preferences');
    expect(put?.body).toEqual({
      ...DEFAULT_BID_PREFERENCES,
      autoBid: true,
      seatChoices: [{ stationId: hillcrest.id, shift: 'C', seatPosition: 'Engineer' }],
    });
    expect(screen.queryByRole('dialog', { name: 'Bid Preferences' })).not.toBeInTheDocument();
  });

  it('disables Save again when a change is undone, and refuses a duplicate choice', async () => {
    const { user } = renderDialog({
      preferences: {
        ...DEFAULT_BID_PREFERENCES,
        autoBid: true,
        seatChoices: [{ stationId: lakeside.id, shift: 'A', seatPosition: 'Engineer' }],
      },
    });
    const dialog = await openDialog(user);
    const save = await within(dialog).findByRole('button', { name: 'Save Preferences' });
    const autoBid = within(dialog).getByRole('switch', { name: /Auto-bid/ });
    await user.click(autoBid);
    expect(save).toBeEnabled();
    await user.click(autoBid);
    expect(save).toBeDisabled();

    await chooseOption(user, await screen.findByRole('combobox', { name: 'Station' }), 'Station 3 · Lakeside');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Shift' }), 'Shift A');
    expect(screen.getByText(BID_PREFERENCE_MESSAGES.seatChoiceDuplicate)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add seat' })).toBeDisabled();
  });

  it("shows the server's reason when the save is refused, and keeps the dialog open", async () => {
    const { user } = renderDialog({
      api: {
        'PUT /api/users/preferences': () =>
          jsonResponse(400, { error: BID_PREFERENCE_MESSAGES.stationUnknown, code: 'BAD_REQUEST' }),
      },
    });
    const dialog = await openDialog(user);
    await chooseOption(user, await within(dialog).findByLabelText('Preferred shifts'), 'Shift B');
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(BID_PREFERENCE_MESSAGES.updateFailed);
    expect(alert).toHaveTextContent(BID_PREFERENCE_MESSAGES.stationUnknown);
  });

  it('after a save refused as made on an older copy, loads the saved preferences and saves on their version', async () => {
    const onOtherDevice: BidPreferences & { version: number } = {
      ...DEFAULT_BID_PREFERENCES,
      preferredShifts: ['A'],
      version: 2,
    };
    let saved: BidPreferences & { version: number } = { ...DEFAULT_BID_PREFERENCES, version: 1 };
    const { user, api } = renderDialog({
      api: {
        'GET /api/users/preferences': () => jsonResponse(200, { preferences: saved }),
        'PUT /api/users/preferences': (request) => {
          const body = request.body as { version?: number };
          if (body.version !== saved.version) {
            return jsonResponse(409, {
              error: 'Your bid preferences were changed on another device.',
              code: 'CONFLICT',
            });
          }
          saved = { ...saved, ...(request.body as object), version: saved.version + 1 };
          return jsonResponse(200, { preferences: saved, message: BID_PREFERENCE_MESSAGES.updated });
        },
      },
    });
    const dialog = await openDialog(user);
    // Saved on another device while this dialog is open.
    saved = onOtherDevice;
    await chooseOption(user, await within(dialog).findByLabelText('Preferred shifts'), 'Shift B');
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your preferences were changed on another device');
    expect(api.requestsTo('PUT /api/users/preferences')[0]?.body).toMatchObject({ version: 1 });

    await user.click(within(alert).getByRole('button', { name: 'Load the saved preferences' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
    await chooseOption(user, within(dialog).getByLabelText('Preferred shifts'), 'Shift C');
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText(BID_PREFERENCE_MESSAGES.updated)).toBeInTheDocument();
    const puts = api.requestsTo('PUT /api/users/preferences');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({ version: 2, preferredShifts: ['A', 'C'] });
  });

  it('says when the preferences could not be loaded, and tries again', async () => {
    let calls = 0;
    const { user } = renderDialog({
      api: {
        'GET /api/users/preferences': () => {
          calls += 1;
          return calls === 1
            ? jsonResponse(404, { error: 'User not found', code: 'NOT_FOUND' })
            : jsonResponse(200, { preferences: DEFAULT_BID_PREFERENCES });
        },
      },
    });
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(BID_PREFERENCE_MESSAGES.loadFailed)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByRole('button', { name: 'Save Preferences' })).toBeDisabled();
  });
});
