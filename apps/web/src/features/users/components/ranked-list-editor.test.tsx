import {
  BID_PREFERENCE_MESSAGES,
  type BidPreferences,
  DEFAULT_BID_PREFERENCES,
  type SeatChoicePreference,
} from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { buildStation } from '../../../test/build-station.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { RankedListEditor, type RankedListEditorProps } from './ranked-list-editor.tsx';

const member = buildUser({ rank: 'Engineer' });
vi.mock(import('../../auth/index.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  useCurrentUser: () => member,
}));

const northside = buildStation({ number: 2, name: 'Northside' });
const hillcrest = buildStation({ number: 4, name: 'Hillcrest' });
const FIRST: SeatChoicePreference = { stationId: northside.id, shift: 'A', seatPosition: 'Engineer' };
const SECOND: SeatChoicePreference = { stationId: hillcrest.id, shift: 'B', seatPosition: 'Engineer' };
const saved: BidPreferences = { ...DEFAULT_BID_PREFERENCES, autoBid: true, seatChoices: [FIRST, SECOND] };

function renderEditor(api: Record<string, MockHandler> = {}, props: RankedListEditorProps = {}) {
  const mocked = mockApi({
    'GET /api/users/preferences': () => jsonResponse(200, { preferences: saved }),
    'GET /api/stations': () => jsonResponse(200, { stations: [northside, hillcrest] }),
    'PUT /api/users/preferences': (request) =>
      jsonResponse(200, {
        preferences: { ...saved, ...(request.body as object) },
        message: BID_PREFERENCE_MESSAGES.updated,
      }),
    ...api,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Link to="/elsewhere">Elsewhere</Link>
            <RankedListEditor {...props} />
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Another page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, api: mocked, router };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Your ranked list' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^\d+\. /).textContent);

/** The editor's own save state (dnd-kit's announcer is a status region too). */
const saveState = (text: string) => screen.findByText(text, { selector: 'p' });

describe('RankedListEditor', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('saves the new order with an explicit Save, and says so in words', async () => {
    const { user, api } = renderEditor();
    const save = await screen.findByRole('button', { name: 'Save ranked list' }, { timeout: 5000 });
    expect(save).toBeDisabled();
    expect(await saveState('Up to date')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move up: Station 4, B shift, Engineer' }));
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer', '2. Station 2, A shift, Engineer']);
    expect(await saveState('Unsaved changes')).toBeInTheDocument();

    await user.click(save);
    expect(await saveState('Saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/preferences').map((request) => request.body)).toEqual([
      { autoBid: true, standingBid: false, seatChoices: [SECOND, FIRST] },
    ]);
    expect(save).toBeDisabled();
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer', '2. Station 2, A shift, Engineer']);
  });

  it('keeps every edit on screen when the save is refused, with the reason and a way to try again', async () => {
    let attempts = 0;
    const { user } = renderEditor({
      'PUT /api/users/preferences': (request) => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(400, { error: BID_PREFERENCE_MESSAGES.stationUnknown, code: 'BAD_REQUEST' })
          : jsonResponse(200, {
              preferences: { ...saved, ...(request.body as object) },
              message: BID_PREFERENCE_MESSAGES.updated,
            });
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Remove: Station 2, A shift, Engineer' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Save ranked list' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your list is not saved');
    expect(alert).toHaveTextContent(BID_PREFERENCE_MESSAGES.stationUnknown);
    expect(await saveState('Not saved')).toBeInTheDocument();
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer']);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await saveState('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('undoes the changes, and turning auto-bid off is saved with the list', async () => {
    const { user, api } = renderEditor();
    await user.click(
      await screen.findByRole('button', { name: 'Move down: Station 2, A shift, Engineer' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(rows()).toEqual(['1. Station 2, A shift, Engineer', '2. Station 4, B shift, Engineer']);
    expect(screen.getByRole('button', { name: 'Save ranked list' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /Auto-bid from this list/ }));
    expect(screen.getByText(/if your turn runs out you are moved to the back/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save ranked list' }));
    expect(await saveState('Saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/preferences')[0]?.body).toEqual({
      autoBid: false,
      standingBid: false,
      seatChoices: [FIRST, SECOND],
    });
  });

  it('saves a standing bid with the list, told apart from auto-bid', async () => {
    const { user, api } = renderEditor();
    const standing = await screen.findByRole(
      'switch',
      { name: /^Bid my list for me when my turn comes/ },
      { timeout: 5000 },
    );
    expect(standing).not.toBeChecked();
    expect(standing).toHaveAccessibleDescription(
      'When your turn starts, the first free seat on your list is yours at once. If none is free, your turn runs as usual.',
    );
    // The auto-bid switch stays, and says it acts only when the turn runs out.
    expect(screen.getByRole('switch', { name: /Auto-bid from this list if my turn runs out/ })).toBeChecked();

    await user.click(standing);
    await user.click(screen.getByRole('button', { name: 'Save ranked list' }));
    expect(await saveState('Saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/preferences')[0]?.body).toEqual({
      autoBid: true,
      standingBid: true,
      seatChoices: [FIRST, SECOND],
    });
    expect(standing).toBeChecked();
  });

  it('keeps the standing bid off and says why while the list is empty', async () => {
    const { user } = renderEditor({
      'GET /api/users/preferences': () =>
        jsonResponse(200, { preferences: { ...saved, standingBid: true, seatChoices: [FIRST] } }),
    });
    const standing = await screen.findByRole(
      'switch',
      { name: /^Bid my list for me when my turn comes/ },
      { timeout: 5000 },
    );
    expect(standing).toBeChecked();
    expect(standing).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove: Station 2, A shift, Engineer' }));
    expect(standing).toBeDisabled();
    expect(standing).not.toBeChecked();
    expect(standing).toHaveAccessibleDescription(/Add a seat to your list first\.$/);
  });

  it('asks before leaving the page with unsaved changes', async () => {
    const { user, router } = renderEditor();
    await user.click(
      await screen.findByRole('button', { name: 'Move down: Station 2, A shift, Engineer' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving your ranked list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/');
    expect(rows()).toEqual(['1. Station 4, B shift, Engineer', '2. Station 2, A shift, Engineer']);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving your ranked list?' })).getByRole(
        'button',
        { name: 'Leave without saving' },
      ),
    );
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('never heads the list "used if you miss your turn" while auto-bid is off', async () => {
    const titles = { title: 'Used if you miss your turn', autoBidOffTitle: 'Not used if you miss your turn' };
    const { user } = renderEditor(
      { 'GET /api/users/preferences': () => jsonResponse(200, { preferences: { ...saved, autoBid: false } }) },
      titles,
    );
    expect(await screen.findByRole('heading', { name: titles.autoBidOffTitle }, { timeout: 5000 })).toBeInTheDocument();
    // The heading follows what is saved, not a switch turned on but not saved yet.
    await user.click(screen.getByRole('switch', { name: /Auto-bid from this list/ }));
    expect(screen.getByRole('heading', { name: titles.autoBidOffTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save ranked list' }));
    expect(await screen.findByRole('heading', { name: titles.title })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    renderEditor({
      'GET /api/users/preferences': () => jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL_ERROR' }),
    });
    expect(await screen.findByText(BID_PREFERENCE_MESSAGES.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
