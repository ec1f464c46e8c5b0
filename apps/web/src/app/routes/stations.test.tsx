import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildStation } from '../../test/build-station.ts';
import { buildUser } from '../../test/fixtures.ts';
import { deferred, jsonResponse } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const member = buildUser();

const downtown = buildStation({
  number: 1,
  name: 'Downtown',
  address: '100 Main Street, Riverton',
  seatsPerShift: { Captain: 1, Engineer: 1, Firefighter: 2 },
  seated: {
    A: [['Elena', 'Ramirez', 'Captain']],
    B: [
      ['Priya', 'Natarajan', 'Captain'],
      ['Emma', 'Kim', 'Engineer'],
    ],
  },
});
const harbor = buildStation({ number: 3, name: 'Harbor', address: '18 Wharf Road, Port Riverton' });

describe('StationsPage (/stations)', () => {
  it('shows each active station in the Station Assignments panel, with its seats and free seats on each shift', async () => {
    const closed = buildStation({ number: 9, name: 'Closed Station', isActive: false });
    const { user } = renderApp({
      path: '/stations',
      signedInAs: member,
      api: { 'GET /api/stations': () => jsonResponse(200, { stations: [harbor, closed, downtown] }) },
    });

    const card = await screen.findByRole('article', { name: 'Station 1 · Downtown' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fire Stations' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Station Assignments' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Station 1 · Downtown',
      'Station 3 · Harbor',
    ]);
    expect(within(card).getByText('100 Main Street, Riverton')).toBeInTheDocument();
    expect(card).toHaveTextContent('9 of 12 seats free');
    expect(
      within(within(card).getByRole('list', { name: 'Free seats by shift' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shift A3 freeof 4 seats', 'Shift B2 freeof 4 seats', 'Shift C4 freeof 4 seats']);
    expect(screen.getByText('Showing 1 to 2 of 2 stations')).toBeInTheDocument();

    // Each position's seats, filled out of all, per shift.
    await user.click(within(card).getByRole('button', { name: 'Show shifts of Station 1' }));
    const shiftB = await within(card).findByRole('list', { name: 'Shift B seats' });
    expect(
      within(shiftB)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Captain1 of 1 filled, full', 'Engineer1 of 1 filled, full', 'Firefighter0 of 2 filled, open']);
  });

  it('finds a station by a part of its address', async () => {
    const { user } = renderApp({
      path: '/stations',
      signedInAs: member,
      api: { 'GET /api/stations': () => jsonResponse(200, { stations: [downtown, harbor] }) },
    });

    const search = await screen.findByRole('textbox', { name: 'Search stations' });
    await user.type(search, 'wharf');
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Station 3 · Harbor',
    ]);
  });

  it('shows a labelled spinner while loading', async () => {
    const answer = deferred<Response>();
    renderApp({ path: '/stations', signedInAs: member, api: { 'GET /api/stations': () => answer.promise } });

    expect(await screen.findByRole('status', { name: 'Loading stations' })).toBeInTheDocument();
    answer.resolve(jsonResponse(200, { stations: [harbor] }));
    expect(await screen.findByRole('article', { name: 'Station 3 · Harbor' })).toBeInTheDocument();
  });

  it('says when there is no station', async () => {
    renderApp({
      path: '/stations',
      signedInAs: member,
      api: { 'GET /api/stations': () => jsonResponse(200, { stations: [] }) },
    });

    expect(await screen.findByText('No stations available')).toBeInTheDocument();
  });

  it('shows "Failed to load stations" with Try Again, which loads them again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let isServerDown = true;
    const { user, api } = renderApp({
      path: '/stations',
      signedInAs: member,
      api: {
        'GET /api/stations': () =>
          isServerDown
            ? jsonResponse(503, { error: 'Service unavailable', code: 'INTERNAL_ERROR' })
            : jsonResponse(200, { stations: [harbor] }),
      },
    });

    // One automatic retry (CLIENT_DEFAULTS.queryRetries) happens before the error shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to load stations');
    expect(api.requestsTo('GET /api/stations')).toHaveLength(2);

    isServerDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('article', { name: 'Station 3 · Harbor' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
