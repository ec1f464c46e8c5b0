/**
 * The ranked list on two devices: a save made elsewhere reaches this editor through the live
 * stream's `preferences.changed` and on a refocus, replaces the list when nothing here is unsaved,
 * and is offered (never applied unasked) when something is; a save made on an older copy is
 * refused by the server (409) and the editor says so and offers the saved list.
 */
import {
  BID_PREFERENCE_MESSAGES,
  DEFAULT_BID_PREFERENCES,
  type SavedBidPreferences,
  type SeatChoicePreference,
} from '@stationbid/domain';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { resetLiveEvents, subscribeToMemberEvents } from '../../../lib/live-events.ts';
import { buildStation } from '../../../test/build-station.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { CHANGED_ELSEWHERE_TEXT, RankedListEditor } from './ranked-list-editor.tsx';

const member = buildUser({ rank: 'Engineer' });
vi.mock(import('../../auth/index.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  useCurrentUser: () => member,
}));

const northside = buildStation({ number: 2, name: 'Northside' });
const hillcrest = buildStation({ number: 4, name: 'Hillcrest' });
const FIRST: SeatChoicePreference = { stationId: northside.id, shift: 'A', seatPosition: 'Engineer' };
const SECOND: SeatChoicePreference = { stationId: hillcrest.id, shift: 'B', seatPosition: 'Engineer' };
const atVersion = (version: number, seatChoices: SeatChoicePreference[]): SavedBidPreferences => ({
  ...DEFAULT_BID_PREFERENCES,
  seatChoices,
  version,
});

/** What the server holds; a test changes it to play a save on the other device. */
let stored: SavedBidPreferences;

function renderEditor(api: Record<string, MockHandler> = {}) {
  const mocked = mockApi({
    'GET /api/users/preferences': () => jsonResponse(200, { preferences: stored }),
    'GET /api/stations': () => jsonResponse(200, { stations: [northside, hillcrest] }),
    'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket', expiresInSeconds: 30 }),
    'PUT /api/users/preferences': (request) => {
      const { version, ...changes } = request.body as { version?: number };
      if (version !== undefined && version !== stored.version) {
        return jsonResponse(409, { error: BID_PREFERENCE_MESSAGES.changedElsewhere, code: 'CONFLICT' });
      }
      stored = { ...stored, ...changes, version: (stored.version ?? 0) + 1 };
      return jsonResponse(200, { preferences: stored, message: BID_PREFERENCE_MESSAGES.updated });
    },
    ...api,
  });
  const router = createMemoryRouter([{ path: '/', element: <RankedListEditor /> }], { initialEntries: ['/'] });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, api: mocked };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Your ranked list' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^\d+\. /).textContent);
const saveState = (text: string) => screen.findByText(text, { selector: 'p' });
const findRows = async (expected: string[]) => waitFor(() => expect(rows()).toEqual(expected), { timeout: 5000 });

/** Plays the window losing and getting back the focus (a phone put down, the desktop clicked again). */
function refocusWindow() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

describe('the ranked list on two devices', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });
  beforeEach(() => {
    stored = atVersion(3, []);
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    resetLiveEvents();
    focusManager.setFocused(undefined);
    vi.unstubAllGlobals();
  });

  it('shows a list saved on another device when the live stream says so, without a reload', async () => {
    // The app shell's member listener keeps the tab's stream open on every page.
    subscribeToMemberEvents(() => undefined);
    const { api } = renderEditor();
    expect(await screen.findByText('No seat choices yet. Add one below.', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), { timeout: 3000 });
    act(() => FakeEventSource.latest().open());
    // The stream's opening reads the list once (a save before it would have sent nothing here).
    await waitFor(() => expect(api.requestsTo('GET /api/users/preferences')).toHaveLength(2));

    stored = atVersion(4, [SECOND, FIRST]);
    act(() => FakeEventSource.latest().send({ type: 'preferences.changed', memberId: member.id, version: 4 }));
    await findRows(['1. Station 4, B shift, Engineer', '2. Station 2, A shift, Engineer']);
    expect(await saveState('Up to date, as saved on another device')).toBeInTheDocument();

    // The event of a save this tab already holds reads nothing.
    act(() => FakeEventSource.latest().send({ type: 'preferences.changed', memberId: member.id, version: 4 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET /api/users/preferences')).toHaveLength(3);
  });

  it('reads the list again when the window gets the focus back', async () => {
    renderEditor();
    expect(await screen.findByText('No seat choices yet. Add one below.', {}, { timeout: 5000 })).toBeInTheDocument();
    stored = atVersion(4, [FIRST]);
    refocusWindow();
    await findRows(['1. Station 2, A shift, Engineer']);
  });

  it('offers a list saved elsewhere while this one has unsaved edits, and replaces nothing unasked', async () => {
    stored = atVersion(3, [FIRST, SECOND]);
    const { user } = renderEditor();
    await user.click(
      await screen.findByRole('button', { name: 'Move down: Station 2, A shift, Engineer' }, { timeout: 5000 }),
    );
    stored = atVersion(4, [SECOND]);
    refocusWindow();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHANGED_ELSEWHERE_TEXT.title);
    expect(alert).toHaveTextContent('The changes on this screen are not saved and will be replaced');
    // The member's order is still what is on screen.
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer', '2. Station 2, A shift, Engineer']);
    expect(await saveState('Unsaved changes')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: CHANGED_ELSEWHERE_TEXT.reload }));
    await findRows(['1. Station 4, B shift, Engineer']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a save made on an older copy: says the list was changed on another device and offers to load it', async () => {
    stored = atVersion(3, [FIRST, SECOND]);
    const { user, api } = renderEditor();
    await user.click(
      await screen.findByRole('button', { name: 'Remove: Station 2, A shift, Engineer' }, { timeout: 5000 }),
    );
    // The phone saves meanwhile; no event reaches this tab (its stream is down).
    stored = atVersion(4, [FIRST]);
    await user.click(screen.getByRole('button', { name: 'Save ranked list' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHANGED_ELSEWHERE_TEXT.title);
    expect(alert).toHaveTextContent(CHANGED_ELSEWHERE_TEXT.refused);
    expect(api.requestsTo('PUT /api/users/preferences')[0]?.body).toEqual({
      autoBid: true,
      standingBid: false,
      seatChoices: [SECOND],
      version: 3,
    });
    // Nothing the member did is lost from the screen, and nothing was saved over the phone's list.
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer']);
    expect(stored.seatChoices).toEqual([FIRST]);
    expect(await saveState('Not saved')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: CHANGED_ELSEWHERE_TEXT.reload }));
    await findRows(['1. Station 2, A shift, Engineer']);
    expect(await saveState('Up to date, as saved on another device')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Saved again on the copy loaded now, it applies.
    await user.click(screen.getByRole('button', { name: 'Remove: Station 2, A shift, Engineer' }));
    await user.click(screen.getByRole('button', { name: 'Save ranked list' }));
    expect(await saveState('Saved')).toBeInTheDocument();
    expect(stored).toMatchObject({ seatChoices: [], version: 5 });
  });
});
