import { DEFAULT_BID_PREFERENCES, type SessionBoard } from '@stationbid/domain';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import {
  buildBidSession,
  buildBidSessionDetail,
  buildOfferedStation,
  buildParticipant,
  testId,
} from '../../../test/build-bid-session.ts';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { toSessionBoard } from '../../../test/session-board-api.ts';
import { useSubmitBid } from '../api/submit-bid.ts';
import { BidPanel } from './bid-panel.tsx';

// On a busy machine the first render takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const harbor = buildOfferedStation(4, 'Harbor', { B: { Engineer: [1, 2] }, C: { Engineer: [1, 1] } });
const downtown = buildOfferedStation(1, 'Downtown', { A: { Engineer: [2, 2], Captain: [1, 1] } });
const me = buildParticipant({
  firstName: 'Ava',
  lastName: 'Schmidt',
  position: 0,
  isCurrentTurn: true,
  user: { rank: 'Engineer' },
});
const session = buildBidSessionDetail({
  id: testId('5e55', 9),
  status: 'active',
  currentParticipant: 1,
  eligibilityMode: 'rank',
  participants: [me],
  availableStations: [downtown, harbor],
});
const board = toSessionBoard(session);

const preferences = {
  ...DEFAULT_BID_PREFERENCES,
  autoBid: true,
  seatChoices: [
    { stationId: harbor.id, shift: 'C' as const, seatPosition: 'Engineer' as const },
    { stationId: harbor.id, shift: 'B' as const, seatPosition: 'Engineer' as const },
  ],
};

function Harness({
  initialBoard,
  onSkip,
  certifications,
}: {
  initialBoard: SessionBoard;
  onSkip: () => void;
  certifications?: { code: string; expiresOn: string | null }[];
}) {
  const [current, setCurrent] = useState(initialBoard);
  const submitBid = useSubmitBid(current.sessionId, { onSuccess: () => undefined });
  return (
    <>
      <button
        type="button"
        onClick={() =>
          setCurrent({
            ...current,
            // Someone else takes Harbor's C-shift Engineer seat: the live event patches the board.
            stations: current.stations.map((station) =>
              station.id === harbor.id
                ? {
                    ...station,
                    availablePositions: {
                      ...station.availablePositions,
                      C: [{ position: 'Engineer', count: 0, total: 1 }],
                    },
                  }
                : station,
            ),
          })
        }
      >
        Simulate a pick by someone else
      </button>
      <BidPanel
        board={current}
        bidder={me}
        submitBid={submitBid}
        isPaused={false}
        onSkip={onSkip}
        skip={{ isOpen: false, isSkipping: false, onConfirm: () => undefined, onCancel: () => undefined }}
        turnKey="1"
        {...(certifications ? { certifications } : {})}
      />
    </>
  );
}

function renderPanel(
  initialBoard: SessionBoard = board,
  certifications?: { code: string; expiresOn: string | null }[],
) {
  const api = mockApi({
    'GET /api/users/preferences': () => jsonResponse(200, { preferences }),
    'POST /api/bid-sessions/submit-bid': () =>
      jsonResponse(200, {
        success: true,
        message: 'Bid submitted successfully! Station: Harbor, Shift: B, Position: Engineer',
        station: { id: harbor.id, _id: harbor.id, name: 'Harbor', number: 4 },
        shift: 'B',
        position: 'Engineer',
        assignedStation: 'Harbor',
        assignedShift: 'B',
        assignedPosition: 'Engineer',
        session: buildBidSession({ id: session.id, status: 'active' }),
      }),
    [`GET /api/bid-sessions/${session.id}/board`]: () => jsonResponse(200, { board }),
    [`GET /api/bid-sessions/${session.id}/my-participation`]: () =>
      jsonResponse(200, { participant: me, isMyTurn: true, peopleAhead: 0 }),
    'GET /api/bid-history': () => jsonResponse(200, { bids: [] }),
  });
  const onSkip = vi.fn();
  render(
    <AppProviders>
      <MemoryRouter>
        <Harness initialBoard={initialBoard} onSkip={onSkip} {...(certifications ? { certifications } : {})} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { api, onSkip, user: userEvent.setup() };
}

describe('BidPanel', { timeout: 20_000 }, () => {
  it('moves focus to the bid area and offers the ranked list with only the seats still free', async () => {
    const { user } = renderPanel();
    expect(screen.getByRole('heading', { name: 'Your bid' })).toHaveFocus();
    const list = await screen.findByRole('list', { name: 'Your ranked list' });
    expect(within(list).getAllByRole('radio')).toHaveLength(2);
    expect(within(list).getByRole('radio', { name: '1. Station 4, C shift, Engineer' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Simulate a pick by someone else' }));
    expect(within(list).queryByRole('radio', { name: '1. Station 4, C shift, Engineer' })).not.toBeInTheDocument();
    expect(within(list).getByRole('radio', { name: '2. Station 4, B shift, Engineer' })).toBeInTheDocument();
  });

  it('bids with the one Bid button after a confirmation that names the seat', async () => {
    const { api, user } = renderPanel();
    const bid = screen.getByRole('button', { name: 'Bid' });
    expect(bid).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: '2. Station 4, B shift, Engineer' }));
    await user.click(bid);
    const dialog = await screen.findByRole('dialog', { name: 'Bid for Station 4, B shift, Engineer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm bid' }));
    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')[0]?.body).toEqual({
      sessionId: session.id,
      bidData: { station: harbor.id, shift: 'B', position: 'Engineer' },
    });
  });

  it('offers any other eligible free seat, and Skip turn', async () => {
    const { onSkip, user } = renderPanel();
    await user.click(screen.getByRole('radio', { name: /Another free seat/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Station' }), downtown.id);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shift' }), 'A');
    // Only the Engineer seat is offered to an Engineer, not the Captain's.
    const position = screen.getByRole('combobox', { name: 'Position' });
    expect(within(position).queryByRole('option', { name: /Captain/ })).not.toBeInTheDocument();
    await user.selectOptions(position, 'Engineer');
    await user.click(screen.getByRole('button', { name: 'Bid' }));
    expect(await screen.findByRole('dialog', { name: 'Bid for Station 1, A shift, Engineer?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Skip turn' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});

/** Harbor's only free B-shift Engineer seat needs a Paramedic and must be filled. */
const ruledBoard: SessionBoard = {
  ...board,
  effectiveDate: '2026-04-01',
  certificationNames: { PM: 'Paramedic' },
  stations: board.stations.map((station) =>
    station.id === harbor.id
      ? {
          ...station,
          availablePositions: {
            ...station.availablePositions,
            B: [
              {
                position: 'Engineer',
                count: 1,
                total: 2,
                groups: [
                  { requires: [], mustFill: false, count: 0, total: 1 },
                  { requires: ['PM'], mustFill: true, count: 1, total: 1 },
                ],
              },
            ],
          },
        }
      : station,
  ),
};

describe('BidPanel with seats that require a certification', { timeout: 20_000 }, () => {
  it('offers only the seats the member qualifies for and says why the others are not open', async () => {
    const { user } = renderPanel(ruledBoard, [{ code: 'PM', expiresOn: '2026-03-31' }]);
    const list = await screen.findByRole('list', { name: 'Your ranked list' });
    expect(within(list).getAllByRole('radio')).toHaveLength(1);
    expect(within(list).queryByRole('radio', { name: '2. Station 4, B shift, Engineer' })).not.toBeInTheDocument();
    const closed = screen.getByRole('list', { name: 'Free seats not open to you' });
    expect(closed).toHaveTextContent(
      "Station 4's B-shift Engineer/PM seat needs Paramedic; your Paramedic card expired on 2026-03-31.",
    );

    await user.click(screen.getByRole('radio', { name: /Another free seat/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Station' }), harbor.id);
    const shift = screen.getByRole('combobox', { name: 'Shift' });
    expect(within(shift).queryByRole('option', { name: /Shift B/ })).not.toBeInTheDocument();
    expect(within(shift).getByRole('option', { name: /Shift C/ })).toBeInTheDocument();
  });

  it('offers the Paramedic seat to a member whose card is valid on the day', async () => {
    renderPanel(ruledBoard, [{ code: 'PM', expiresOn: null }]);
    const list = await screen.findByRole('list', { name: 'Your ranked list' });
    expect(within(list).getByRole('radio', { name: '2. Station 4, B shift, Engineer' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Free seats not open to you' })).not.toBeInTheDocument();
  });
});
