import { officersFirstRounds } from '@stationbid/domain';
import { configure, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { stubMatchMedia } from '../../../test/browser-stubs.ts';
import { buildBidSession, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
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
