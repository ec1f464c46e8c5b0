import { officersFirstRounds } from '@stationbid/domain';
import { configure, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { stubMatchMedia } from '../../../test/browser-stubs.ts';
import { buildBidSession, buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { departmentSettingsApi, jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { SessionDetailsModal } from './session-details-modal.tsx';

configure({ asyncUtilTimeout: 5000 });

const session = buildBidSession({ id: testId('5e55', 11), name: 'Spring Rounds', rounds: officersFirstRounds(5) });
const participants = [
  buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 0, round: 0, user: { rank: 'Captain' } }),
  buildParticipant({ firstName: 'Caleb', lastName: 'Murphy', position: 1, round: 1, user: { rank: 'Engineer' } }),
];

function renderDetails() {
  mockApi({
    [`GET /api/bid-sessions/${session.id}/participants?limit=100`]: () =>
      jsonResponse(200, { participants, nextCursor: null, total: participants.length }),
  });
  render(
    <AppProviders>
      <SessionDetailsModal session={session} onClose={() => undefined} />
    </AppProviders>,
  );
}

describe('the session details’ rounds', () => {
  it('lists the rounds in order and each participant’s round', async () => {
    renderDetails();
    const dialog = await screen.findByRole('dialog', { name: 'Spring Rounds' });
    const rounds = within(dialog).getByRole('region', { name: 'Rounds' });
    expect(
      within(rounds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Officers' round: Chief, Deputy Chief, Battalion Chief, Captain, Lieutenant · 5 minutes to bid",
      "Engineers' round: Engineer · 5 minutes to bid",
      "Firefighters' round: Firefighter · 5 minutes to bid",
    ]);
    const table = await within(dialog).findByRole('table', { name: 'Participants in queue order' });
    expect(within(table).getByRole('columnheader', { name: 'Round' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Elena Ramirez/ })).toHaveTextContent("Officers' round");
    expect(within(table).getByRole('row', { name: /Caleb Murphy/ })).toHaveTextContent("Engineers' round");
  });

  it('names each participant’s round on a phone', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    renderDetails();
    const list = await screen.findByRole('list', { name: 'Participants in queue order' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent("Round: Engineers' round");
  });
});

describe('a vacancy bid’s details', () => {
  const vacancy = buildBidSession({
    id: testId('5e55', 12),
    name: 'Vacancy: Station 7 B',
    type: 'vacancy',
    status: 'active',
  });
  const seat = (n: number, stationNumber: number, stationName: string) => ({
    seatId: testId('5ea7', n),
    stationId: testId('57a7', stationNumber),
    stationNumber,
    stationName,
    shift: 'B' as const,
    position: 'Firefighter' as const,
  });

  it('says it is a vacancy bid, lists its open seats, and offers no rewind', async () => {
    const api = mockApi({
      ...departmentSettingsApi('America/Chicago'),
      [`GET /api/bid-sessions/${vacancy.id}`]: () =>
        jsonResponse(200, {
          session: buildBidSessionDetail({
            ...vacancy,
            openSeats: [seat(1, 7, 'Airport'), seat(2, 9, 'Lakeside')],
          }),
        }),
      [`GET /api/bid-sessions/${vacancy.id}/participants?limit=100`]: () =>
        jsonResponse(200, { participants, nextCursor: null, total: participants.length }),
    });
    render(
      <AppProviders>
        <SessionDetailsModal session={vacancy} onClose={() => undefined} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Vacancy: Station 7 B' });
    expect(within(dialog).getByText('Vacancy bid')).toBeInTheDocument();
    const openSeats = within(dialog).getByRole('region', { name: 'Open seats' });
    const list = await within(openSeats).findByRole('list', { name: 'Open seats' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Station 7 · B shift · Firefighter', 'Station 9 · B shift · Firefighter']);
    // Its seats are the open ones and its members': no stations offered, nobody's seat cleared.
    expect(within(dialog).queryByText('Stations offered')).not.toBeInTheDocument();
    // A missed turn is a pass: there is no second chance to time.
    expect(within(dialog).queryByText('Auto-assign timeout')).not.toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: 'Participants in queue order' });
    expect(within(table).queryByRole('button', { name: /^Rewind/ })).not.toBeInTheDocument();
    // Nor is a rewind's preview asked for.
    expect(api.unhandled).toEqual([]);
  });
});
