import { BID_MESSAGES, type BidSessionDetail, bidSubmittedMessage, type SessionBoard } from '@stationbid/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildBidSession,
  buildBidSessionDetail,
  buildOfferedStation,
  buildParticipant,
  testId,
} from '../../../test/build-bid-session.ts';
import { adminUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { sessionBoardApi, toSessionBoard } from '../../../test/session-board-api.ts';

const SESSION_ID = testId('5e55', 7);

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const elena = buildParticipant({
  firstName: 'Elena',
  lastName: 'Ramirez',
  position: 0,
  bidPriority: 1,
  isCurrentTurn: true,
  user: { rank: 'Captain', employeeId: 'FD-0002' },
  currentStation: { id: 's1', _id: 's1', name: 'Downtown', number: 1 },
  currentShift: 'A',
  currentPosition: 'Captain',
});
const caleb = buildParticipant({
  firstName: 'Caleb',
  lastName: 'Murphy',
  position: 1,
  bidPriority: 2,
  user: { rank: 'Engineer' },
});
const ava = buildParticipant({
  firstName: 'Ava',
  lastName: 'Schmidt',
  position: 2,
  bidPriority: 3,
  user: { rank: 'Firefighter' },
});
const downtown = buildOfferedStation(1, 'Downtown', {
  A: { Captain: [0, 1], Engineer: [1, 2] },
  B: { Captain: [1, 1], Firefighter: [3, 4] },
});
const harbor = buildOfferedStation(3, 'Harbor', { C: { Firefighter: [2, 3] } });

function activeSession(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  return buildBidSessionDetail({
    id: SESSION_ID,
    name: 'Winter Bid',
    status: 'active',
    participantCount: 3,
    totalParticipants: 3,
    completedBids: 1,
    currentParticipant: 2,
    currentBidEnd: new Date(Date.now() + 4 * 60_000 + 30_000).toISOString(),
    currentTurn: elena,
    nextParticipant: caleb,
    participants: [elena, caleb, ava],
    availableStations: [downtown, harbor],
    ...overrides,
  });
}

function renderControl(
  session: BidSessionDetail,
  api: Record<string, MockHandler> = {},
  board: Partial<SessionBoard> = {},
) {
  const { participants: _participants, availableStations: _stations, ...listed } = session;
  return renderApp({
    path: '/admin/bid-sessions',
    signedInAs: adminUser,
    api: {
      ...sessionBoardApi(() => session, { memberId: null, board }),
      [`GET /api/bid-sessions/${SESSION_ID}/participants/${elena.user.id}/certifications`]: () =>
        jsonResponse(200, { certifications: [] }),
      'GET /api/bid-sessions?view=summary': () => jsonResponse(200, { sessions: [buildBidSession({ ...listed })] }),
      ...api,
    },
  });
}

async function findControl() {
  const region = await screen.findByRole('region', { name: 'Admin Session Control' });
  await within(region).findByText('Elena Ramirez');
  // The turn holder's and the next member's full entries (employee ID, seat held) follow the board.
  await waitFor(() => expect(within(region).getAllByText(/^Holds now:/)).toHaveLength(2));
  return region;
}

describe('Admin Session Control', { timeout: 20_000 }, () => {
  it('shows the turn holder, who is next, the countdown and the progress', async () => {
    renderControl(activeSession());
    const control = await findControl();

    expect(control).toHaveTextContent('Winter Bid');
    expect(control).toHaveTextContent('Current participantElena Ramirez');
    expect(control).toHaveTextContent('Captain · Priority #1 · FD-0002');
    expect(control).toHaveTextContent('Holds now: Station 1 (Downtown) · Shift A · Captain');
    expect(control).toHaveTextContent('Next upCaleb Murphy');
    const timer = within(control).getByRole('timer');
    // A busy test machine may take a few seconds to get here.
    expect(timer.textContent).toMatch(/^4:(30|2\d)$/);
    expect(timer).toHaveAccessibleName(/^4 minutes (30|2\d) seconds left$/);
    expect(control).toHaveTextContent('1 of 3 participants done');
    expect(within(control).getByRole('progressbar', { name: 'Winter Bid progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(within(control).getByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(within(control).getByRole('button', { name: 'Resume' })).toBeDisabled();
  });

  it('warns in the last minute of a turn', async () => {
    renderControl(activeSession({ currentBidEnd: new Date(Date.now() + 45_000).toISOString() }));
    const control = await findControl();

    expect(within(control).getByRole('timer').textContent).toMatch(/^0:4\d$/);
    expect(within(control).getByRole('status')).toHaveTextContent('Less than a minute left');
  });

  it('places a phone-in bid for the turn holder, offering only free seats of their rank', async () => {
    const { user, api } = renderControl(activeSession(), {
      'POST /api/bid-sessions/submit-bid': () =>
        jsonResponse(200, {
          success: true,
          message: bidSubmittedMessage('Downtown', 'B', 'Captain'),
          station: { id: downtown.id, _id: downtown.id, name: 'Downtown', number: 1 },
          shift: 'B',
          position: 'Captain',
          assignedStation: 'Downtown',
          assignedShift: 'B',
          assignedPosition: 'Captain',
          session: buildBidSession({ id: SESSION_ID, status: 'active' }),
        }),
    });
    const control = await findControl();
    const form = within(control).getByRole('form', { name: 'Phone-in bid for Elena Ramirez' });
    expect(form).toHaveTextContent('Elena Ramirez is a Captain: only Captain seats are offered.');

    const stationSelect = within(form).getByRole('combobox', { name: 'Station' });
    // Harbor has no free Captain seat; Downtown has one, on shift B.
    expect(
      within(stationSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a station', 'Station 1 · Downtown (1 free seat)']);
    const submit = within(form).getByRole('button', { name: 'Submit Bid for Elena Ramirez' });
    expect(submit).toBeDisabled();

    await user.selectOptions(stationSelect, downtown.id);
    const shiftSelect = within(form).getByRole('combobox', { name: 'Shift' });
    expect(
      within(shiftSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a shift', 'Shift B (1 free seat)']);
    await user.selectOptions(shiftSelect, 'B');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Captain');
    await user.click(submit);

    expect(
      await screen.findByText('Bid submitted successfully! Station: Downtown, Shift: B, Position: Captain'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      bidData: { station: downtown.id, shift: 'B', position: 'Captain' },
      userId: elena.user.id,
    });
  });

  it('says, as the seat is chosen, why the turn holder cannot take it, naming the certification they lack', async () => {
    const northside = buildOfferedStation(4, 'Northside', { B: { Captain: [1, 1] } });
    const medicCaptain = {
      ...northside.availablePositions.B[0]!,
      groups: [{ requires: ['PM'], mustFill: true, count: 1, total: 1 }],
    };
    const withMedicSeat = { ...northside, availablePositions: { ...northside.availablePositions, B: [medicCaptain] } };
    const session = activeSession({ availableStations: [downtown, harbor, withMedicSeat] });
    const { user } = renderControl(
      session,
      {},
      {
        effectiveDate: '2026-12-01',
        certificationNames: { PM: 'Paramedic' },
      },
    );
    const control = await findControl();
    const form = within(control).getByRole('form', { name: 'Phone-in bid for Elena Ramirez' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Station' }), withMedicSeat.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Shift' }), 'B');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Captain');
    expect(form).toHaveTextContent(
      "Elena Ramirez cannot take this seatStation 4's B-shift Captain/PM seat needs Paramedic; Elena Ramirez does not hold it.",
    );
    // Downtown's B-shift Captain seat asks for nothing: no warning.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Station' }), downtown.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Shift' }), 'B');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Captain');
    expect(form).not.toHaveTextContent('cannot take this seat');
  });

  it("keeps the server's refusal of a phone-in bid on screen", async () => {
    const { user } = renderControl(activeSession({ eligibilityMode: 'any' }), {
      'POST /api/bid-sessions/submit-bid': () =>
        jsonResponse(409, { error: BID_MESSAGES.seatUnavailable, code: 'CONFLICT' }),
    });
    const control = await findControl();
    const form = within(control).getByRole('form', { name: 'Phone-in bid for Elena Ramirez' });
    expect(form).toHaveTextContent("Any free seat of the session's stations.");

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Station' }), harbor.id);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Shift' }), 'C');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Firefighter');
    await user.click(within(form).getByRole('button', { name: 'Submit Bid for Elena Ramirez' }));

    const refusal = await within(form).findByRole('alert');
    expect(refusal).toHaveTextContent('The bid was not accepted');
    expect(refusal).toHaveTextContent(BID_MESSAGES.seatUnavailable);
  });

  it('pauses, and moves the turn holder to the back after asking', async () => {
    const { user, api } = renderControl(activeSession(), {
      [`POST /api/bid-sessions/${SESSION_ID}/pause`]: () => jsonResponse(200, { message: 'ok' }),
      [`POST /api/bid-sessions/${SESSION_ID}/move-to-back`]: () => jsonResponse(200, { message: 'ok' }),
    });
    const control = await findControl();

    await user.click(within(control).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Bid session paused successfully')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/pause`)).toHaveLength(1);

    await user.click(within(control).getByRole('button', { name: 'Move to Back' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Move to Back of Queue' });
    expect(confirmation).toHaveTextContent('Move Elena Ramirez to the back of the queue?');
    await user.click(within(confirmation).getByRole('button', { name: 'Move to Back' }));
    expect(await screen.findByText('User moved to back of queue successfully')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/move-to-back`)[0]?.body).toEqual({
      userId: elena.user.id,
    });
  });

  it('shows the paused banner with the frozen time, and resumes', async () => {
    const { user, api } = renderControl(
      activeSession({ status: 'paused', currentBidEnd: null, pausedRemainingSeconds: 192 }),
      { [`POST /api/bid-sessions/${SESSION_ID}/resume`]: () => jsonResponse(200, { message: 'ok' }) },
    );
    const control = await findControl();

    expect(within(control).getByText('Session paused')).toBeInTheDocument();
    expect(control).toHaveTextContent('The clock is stopped with 3:12 left in the turn.');
    expect(within(control).getByRole('timer')).toHaveTextContent('3:12');
    expect(within(control).getByRole('timer')).toHaveAccessibleName('3 minutes 12 seconds left, paused');
    expect(within(control).getByRole('button', { name: 'Pause' })).toBeDisabled();
    expect(within(control).getByRole('button', { name: 'Submit Bid for Elena Ramirez' })).toBeDisabled();

    await user.click(within(control).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Bid session resumed successfully')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/resume`)).toHaveLength(1);
  });

  it('ends the session after asking', async () => {
    const { user, api } = renderControl(activeSession(), {
      [`POST /api/bid-sessions/${SESSION_ID}/end`]: () => jsonResponse(200, { message: 'ok' }),
    });
    const control = await findControl();

    await user.click(within(control).getByRole('button', { name: 'End Session' }));
    const confirmation = await screen.findByRole('dialog', { name: 'End Bid Session' });
    await user.click(within(confirmation).getByRole('button', { name: 'End Session' }));
    expect(await screen.findByText(BID_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/end`)).toHaveLength(1);
  });

  it('follows a scheduled session until it starts, and starts it at once on demand', async () => {
    const { user, api } = renderControl(
      activeSession({
        status: 'scheduled',
        scheduledStart: '2026-06-01T14:00:00.000Z',
        currentParticipant: 0,
        completedBids: 0,
        currentBidEnd: null,
        currentTurn: null,
        nextParticipant: null,
      }),
      { [`POST /api/bid-sessions/${SESSION_ID}/start`]: () => jsonResponse(200, { message: 'ok' }) },
    );
    const control = await screen.findByRole('region', { name: 'Admin Session Control' });

    expect(
      await within(control).findByText(/^Starts by itself at .*2026.*\. 3 participants are waiting\.$/),
    ).toBeInTheDocument();
    expect(within(control).queryByRole('timer')).not.toBeInTheDocument();
    await user.click(within(control).getByRole('button', { name: 'Start Now' }));
    expect(await screen.findByText('Bid session started successfully')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/start`)).toHaveLength(1);
  });

  it('when the countdown reaches 0, says Expired and asks the server once to move on', async () => {
    const expired = activeSession({ currentBidEnd: new Date(Date.now() - 1000).toISOString() });
    const { api } = renderControl(expired, {
      [`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`]: () => jsonResponse(200, { timeExpired: true }),
    });
    const control = await findControl();

    expect(within(control).getByRole('timer')).toHaveTextContent('Expired');
    await waitFor(() =>
      expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`)).toHaveLength(1),
    );
    // The board is read again after the check, and the same deadline is not checked twice.
    await waitFor(() => expect(api.requestsTo(`GET /api/bid-sessions/${SESSION_ID}/board`).length).toBeGreaterThan(1));
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`)).toHaveLength(1);
  });

  it('polls the running session every 2 seconds while the live stream is down, and follows it to completion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const completed = activeSession({
      status: 'completed',
      completedBids: 3,
      currentTurn: null,
      nextParticipant: null,
      participants: [{ ...elena, isCurrentTurn: false }, caleb, ava],
    });
    renderControl(activeSession(), {
      [`GET /api/bid-sessions/${SESSION_ID}/board`]: () => {
        polls += 1;
        return jsonResponse(200, { board: toSessionBoard(polls < 3 ? activeSession() : completed) });
      },
    });
    await findControl();
    expect(polls).toBe(1);

    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(polls).toBe(2));
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(polls).toBe(3));

    // Completed: the card follows, and the control panel is no longer needed.
    const card = await screen.findByRole('article', { name: 'Winter Bid' });
    await waitFor(() => expect(within(card).getByText('Completed')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Admin Session Control' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Export Winter Bid' })).toBeInTheDocument();
  });
});
