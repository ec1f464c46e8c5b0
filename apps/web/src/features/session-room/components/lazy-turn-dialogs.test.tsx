import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { buildOfferedStation, buildParticipant } from '../../../test/build-bid-session.ts';
import { buildLiveSession } from '../../../test/build-live-session.ts';
import { toSessionBoard } from '../../../test/session-board-api.ts';
import { useSubmitBid } from '../api/submit-bid.ts';
import { isTurnNear, LazyTurnDialogs } from './lazy-turn-dialogs.tsx';

const bidder = buildParticipant({ firstName: 'Isabel', lastName: 'Duarte', position: 0, user: { rank: 'Engineer' } });
const board = toSessionBoard(
  buildLiveSession({
    participants: [bidder],
    availableStations: [buildOfferedStation(3, 'Harbor', { C: { Engineer: [2, 3] } })],
  }),
);
const closedSkip = { isOpen: false, isSkipping: false, onConfirm: () => undefined, onCancel: () => undefined };

function OpenBidDialog() {
  const submitBid = useSubmitBid(board.sessionId, { onSuccess: () => undefined });
  return (
    <LazyTurnDialogs
      isTurnNear={false}
      bid={{ isOpen: true, onClose: () => undefined, board, bidder, submitBid }}
      skip={closedSkip}
    />
  );
}

describe('LazyTurnDialogs', () => {
  it('fetches the dialogs once the member is next or holds the turn, not before', () => {
    expect(isTurnNear(true, 0)).toBe(true);
    expect(isTurnNear(false, 1)).toBe(true);
    expect(isTurnNear(false, 2)).toBe(false);
    expect(isTurnNear(false, null)).toBe(false);
    // After the member's own bid the server counts nobody ahead, but no turn of theirs is near.
    expect(isTurnNear(false, 0)).toBe(false);
  });

  it('renders nothing while the turn is far and no dialog is open', () => {
    render(
      <AppProviders>
        <section aria-label="Turn dialogs">
          <LazyTurnDialogs isTurnNear={false} bid={null} skip={closedSkip} />
        </section>
      </AppProviders>,
    );
    expect(screen.getByRole('region', { name: 'Turn dialogs' })).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a labelled loader when Place Your Bid opens before its code has arrived, then the dialog', async () => {
    render(
      <AppProviders>
        <OpenBidDialog />
      </AppProviders>,
    );
    // This test file has not loaded the dialog's module yet: the first render waits for it.
    expect(screen.getByRole('status', { name: 'Opening the dialog' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Place Your Bid' });
    expect(within(dialog).getByRole('button', { name: 'Submit Bid' })).toBeDisabled();
    expect(screen.queryByRole('status', { name: 'Opening the dialog' })).not.toBeInTheDocument();
  });
});
