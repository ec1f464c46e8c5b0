import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/fixtures.ts';
import { deferred, jsonResponse } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { buildStation } from '../test/build-station.ts';

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
  it('shows a card per active station with its seats and free seats on each shift', async () => {
    const closed = buildStation({ number: 9, name: 'Closed Station', isActive: false });
    renderApp({
      path: '/stations',
      signedInAs: member,
      api: { 'GET /api/stations': () => jsonResponse(200, { stations: [downtown, harbor, closed] }) },
    });

    const card = await screen.findByRole('article', { name: 'Downtown' });
    expect(within(card).getByText('Station 1')).toBeInTheDocument();
    expect(within(card).getByText('100 Main Street, Riverton')).toBeInTheDocument();
    expect(within(card).getByText('9 of 12 free')).toBeInTheDocument();
    const shiftB = within(card).getByText('Shift B').parentElement as HTMLElement;
    expect(shiftB).toHaveTextContent('Shift B4 seats2 free');
    expect(screen.getByRole('article', { name: 'Harbor' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Closed Station' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Fire Stations' })).toBeInTheDocument();
  });

  it('shows a labelled spinner while loading', async () => {
    const answer = deferred<Response>();
    renderApp({ path: '/stations', signedInAs: member, api: { 'GET /api/stations': () => answer.promise } });

    expect(await screen.findByRole('status', { name: 'Loading stations' })).toBeInTheDocument();
    answer.resolve(jsonResponse(200, { stations: [harbor] }));
    expect(await screen.findByRole('article', { name: 'Harbor' })).toBeInTheDocument();
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

    // One automatic retry (spec section 9) happens before the error shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to load stations');
    expect(api.requestsTo('GET /api/stations')).toHaveLength(2);

    isServerDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('article', { name: 'Harbor' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
