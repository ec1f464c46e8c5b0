import type { BidSession, RewindPreview } from '@stationbid/domain';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { stubMatchMedia } from '../../../test/browser-stubs.ts';
import { buildBidSession, buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { departmentSettingsApi, jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { SessionDetailsModal } from './session-details-modal.tsx';

configure({ asyncUtilTimeout: 5000 });

const active = buildBidSession({ id: testId('5e55', 21), name: 'Harbor Rewind Bid', status: 'active' });

const ari = buildParticipant({ firstName: 'Ari', lastName: 'Stone', position: 0, outcome: 'bid', hasBid: true });
const blair = buildParticipant({ firstName: 'Blair', lastName: 'Quinn', position: 1, outcome: 'bid', hasBid: true });
const casey = buildParticipant({ firstName: 'Casey', lastName: 'Ortiz', position: 2, isCurrentTurn: true });
const blairId = blair.user.id as string;
const caseyId = casey.user.id as string;

const PARTICIPANTS = `GET /api/bid-sessions/${active.id}/participants?limit=100`;
const CORRECTIONS_PREVIEW = `GET /api/bid-sessions/${active.id}/rewind-preview`;
const previewOf = (userId: string) => `GET /api/bid-sessions/${active.id}/rewind-preview?toUserId=${userId}`;
const REWIND = `POST /api/bid-sessions/${active.id}/rewind`;
const REWOUND_MESSAGE = 'Bid rewound: 2 turns undone, everyone affected told';

function preview(overrides: Partial<RewindPreview> = {}): RewindPreview {
  return {
    sessionId: active.id,
    corrections: [],
    seniorMostMoved: null,
    target: null,
    affected: [],
    resumesWith: null,
    refusal: null,
    ...overrides,
  };
}

const rewindToBlair = preview({
  target: { userId: blairId, name: 'Blair Quinn', bidPriority: 2 },
  affected: [
    {
      userId: blairId,
      name: 'Blair Quinn',
      bidPriority: 2,
      outcome: 'bid',
      seat: { stationNumber: 2, stationName: 'Harbor', shift: 'B', position: 'Firefighter' },
      returnsTo: { stationNumber: 1, stationName: 'Downtown', shift: 'A', position: 'Firefighter' },
      keepsSecondChance: false,
    },
    {
      userId: caseyId,
      name: 'Casey Ortiz',
      bidPriority: 3,
      outcome: 'skipped',
      seat: null,
      returnsTo: null,
      keepsSecondChance: true,
    },
  ],
  resumesWith: { userId: blairId, name: 'Blair Quinn' },
});

function renderDetails(session: BidSession, api: Record<string, MockHandler> = {}) {
  const mocked = mockApi({
    ...departmentSettingsApi('America/Chicago'),
    [PARTICIPANTS]: () => jsonResponse(200, { participants: [ari, blair, casey], nextCursor: null, total: 3 }),
    [CORRECTIONS_PREVIEW]: () => jsonResponse(200, { preview: preview() }),
    ...api,
  });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SessionDetailsModal session={session} onClose={() => undefined} />
    </AppProviders>,
  );
  return { api: mocked, user };
}

describe('rewinding a session from its details', { timeout: 20_000 }, () => {
  it('shows whom a rewind undoes, sends the reason and says what the server did', async () => {
    const { api, user } = renderDetails(active, {
      [previewOf(blairId)]: () => jsonResponse(200, { preview: rewindToBlair }),
      [REWIND]: () =>
        jsonResponse(200, {
          session: buildBidSessionDetail({ ...active, status: 'active' }),
          message: REWOUND_MESSAGE,
        }),
    });
    const details = await screen.findByRole('dialog', { name: 'Harbor Rewind Bid' });
    const table = await within(details).findByRole('table', { name: 'Participants in queue order' });
    expect(within(table).getByRole('button', { name: "Rewind to Ari Stone's turn" })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: "Rewind to Blair Quinn's turn" }));

    const dialog = await screen.findByRole('dialog', { name: "Rewind to Blair Quinn's turn" });
    const undone = await within(dialog).findByRole('list', { name: 'Affected members' });
    expect(within(dialog).getByText(/Bidding resumes with/)).toHaveTextContent(
      "Bidding resumes with Blair Quinn's turn.",
    );
    const [blairItem, caseyItem] = within(undone).getAllByRole('listitem');
    expect(blairItem).toHaveTextContent(
      'Blair Quinn #2 — undone: Station 2 · B shift · Firefighter; gets back Station 1 · A shift · Firefighter',
    );
    expect(caseyItem).toHaveTextContent('Casey Ortiz #3 — undone: turn (Skipped); keeps their second chance');

    // The reason is the server's rule too: a blank one is named here and nothing is sent.
    const confirm = within(dialog).getByRole('button', { name: "Rewind to Blair Quinn's turn" });
    await user.click(confirm);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (everyone affected reads it)' });
    expect(reason).toHaveAttribute('maxlength', '500');
    expect(reason).toHaveAccessibleDescription(/Say why the bid is rewound/);
    expect(api.requestsTo(REWIND)).toHaveLength(0);

    await user.click(reason);
    await user.paste('  Casey Ortiz’s hire date was wrong.  ');
    await user.click(confirm);

    await waitFor(() => expect(api.requestsTo(REWIND)).toHaveLength(1));
    expect(api.requestsTo(REWIND)[0]?.body).toEqual({
      toUserId: blairId,
      reason: 'Casey Ortiz’s hire date was wrong.',
    });
    expect(await screen.findByText(REWOUND_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: "Rewind to Blair Quinn's turn" })).not.toBeInTheDocument(),
    );
    // The details come back, read again: the turns undone changed who holds what.
    expect(await screen.findByRole('dialog', { name: 'Harbor Rewind Bid' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(PARTICIPANTS).length).toBeGreaterThan(1));
    expect(api.unhandled).toEqual([]);
  });

  it('shows why the server would refuse, with the confirm turned off', async () => {
    const refusal = "Nothing to rewind: this member's turn has not come yet, and no place has moved";
    const { api, user } = renderDetails(active, {
      [previewOf(caseyId)]: () => jsonResponse(200, { preview: preview({ refusal }) }),
    });
    await user.click(await screen.findByRole('button', { name: "Rewind to Casey Ortiz's turn" }));
    const dialog = await screen.findByRole('dialog', { name: "Rewind to Casey Ortiz's turn" });
    const alert = await within(dialog).findByRole('alert', { name: 'The server would refuse this rewind' });
    expect(alert).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: "Rewind to Casey Ortiz's turn" })).toBeDisabled();
    expect(api.requestsTo(REWIND)).toHaveLength(0);
  });

  it("keeps the dialog open with the server's refusal when the rewind is refused", async () => {
    const refusal =
      "Blair Quinn cannot get back Station 1's A-shift Firefighter seat they held at the start: Ari Stone holds it now. Free it first, then rewind.";
    const { api, user } = renderDetails(active, {
      [previewOf(blairId)]: () => jsonResponse(200, { preview: rewindToBlair }),
      [REWIND]: () => jsonResponse(409, { error: refusal, code: 'CONFLICT' }),
    });
    await user.click(await screen.findByRole('button', { name: "Rewind to Blair Quinn's turn" }));
    const dialog = await screen.findByRole('dialog', { name: "Rewind to Blair Quinn's turn" });
    await user.click(await within(dialog).findByRole('textbox', { name: 'Reason (everyone affected reads it)' }));
    await user.paste('Wrong order');
    await user.click(within(dialog).getByRole('button', { name: "Rewind to Blair Quinn's turn" }));
    const alert = await within(dialog).findByRole('alert', { name: 'The bid was not rewound' });
    expect(alert).toHaveTextContent(refusal);
    expect(api.requestsTo(REWIND)).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Reason (everyone affected reads it)' })).toHaveValue(
      'Wrong order',
    );
  });

  it('names the member whose place corrected seniority moved, and rewinds to them from there', async () => {
    const moved = { userId: caseyId, name: 'Casey Ortiz', from: 3, to: 2 };
    const corrections = [moved, { userId: blairId, name: 'Blair Quinn', from: 2, to: 3 }];
    const { api, user } = renderDetails(active, {
      [CORRECTIONS_PREVIEW]: () => jsonResponse(200, { preview: preview({ corrections, seniorMostMoved: moved }) }),
      [previewOf(caseyId)]: () =>
        jsonResponse(200, {
          preview: preview({
            corrections,
            seniorMostMoved: moved,
            target: { userId: caseyId, name: 'Casey Ortiz', bidPriority: 2 },
            resumesWith: { userId: caseyId, name: 'Casey Ortiz' },
          }),
        }),
    });
    const details = await screen.findByRole('dialog', { name: 'Harbor Rewind Bid' });
    const notice = await within(details).findByRole('alert', { name: 'Turns taken in the wrong order' });
    expect(notice).toHaveTextContent(
      "Seniority data changed during this session: Casey Ortiz's place moves from #3 to #2. The turns from theirs on were taken in the wrong order.",
    );
    await user.click(within(notice).getByRole('button', { name: "Rewind to Casey Ortiz's turn" }));

    const dialog = await screen.findByRole('dialog', { name: "Rewind to Casey Ortiz's turn" });
    expect(
      await within(dialog).findByText(
        'Seniority data corrected since the start moves: Casey Ortiz #3 → #2, Blair Quinn #2 → #3',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo(previewOf(caseyId))).toHaveLength(1);

    // Cancel gives the details back.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Harbor Rewind Bid' })).toBeInTheDocument();
  });

  it('offers the rewind on a phone’s cards', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    const { user } = renderDetails(active, {
      [previewOf(blairId)]: () => jsonResponse(200, { preview: rewindToBlair }),
    });
    const list = await screen.findByRole('list', { name: 'Participants in queue order' });
    const blairCard = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(blairCard).getByRole('button', { name: "Rewind to Blair Quinn's turn" }));
    expect(await screen.findByRole('dialog', { name: "Rewind to Blair Quinn's turn" })).toBeInTheDocument();
  });

  it('offers no rewind before the session starts, and asks the server nothing about one', async () => {
    const draft = buildBidSession({ id: active.id, name: 'Harbor Rewind Bid', status: 'draft' });
    const { api } = renderDetails(draft);
    const table = await screen.findByRole('table', { name: 'Participants in queue order' });
    expect(within(table).queryByRole('button', { name: /^Rewind to/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(api.requestsTo(CORRECTIONS_PREVIEW)).toHaveLength(0);
  });
});
