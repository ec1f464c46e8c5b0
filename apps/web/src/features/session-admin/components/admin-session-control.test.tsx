import {
  BID_MESSAGES,
  type BidSessionDetail,
  bidSubmittedMessage,
  type DeliveryLog,
  type NextInQueue,
  type SessionBoard,
  type StartCheck,
} from '@stationbid/domain';
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

const noNotices = { email: null, sms: null, push: null };

/** The queue's head as the server answers it: Elena holds the turn, Caleb is next, Ava after. */
function nextInQueue(overrides: Partial<NextInQueue> = {}): NextInQueue {
  return {
    sessionId: SESSION_ID,
    waiting: 3,
    entries: [
      {
        participantId: elena.id,
        memberId: elena.user.id,
        name: 'Elena Ramirez',
        rank: 'Captain',
        turnsAway: 0,
        movedToBack: false,
        isOnline: false,
        lastSeenAt: null,
        notices: {
          email: { kind: 'turn_started', kindLabel: 'Your turn', result: 'delivered', at: '2026-11-24T09:00:05.000Z' },
          sms: { kind: 'turn_started', kindLabel: 'Your turn', result: 'failed', at: '2026-11-24T09:00:00.000Z' },
          push: null,
        },
      },
      {
        participantId: caleb.id,
        memberId: caleb.user.id,
        name: 'Caleb Murphy',
        rank: 'Engineer',
        turnsAway: 1,
        movedToBack: false,
        isOnline: true,
        lastSeenAt: '2026-11-24T09:00:00.000Z',
        notices: noNotices,
      },
      {
        participantId: ava.id,
        memberId: ava.user.id,
        name: 'Ava Schmidt',
        rank: 'Firefighter',
        turnsAway: 2,
        movedToBack: false,
        isOnline: false,
        lastSeenAt: null,
        notices: noNotices,
      },
    ],
    ...overrides,
  };
}

function startCheck(): StartCheck {
  return {
    sessionId: SESSION_ID,
    participantCount: 3,
    email: { isConfigured: false, reached: 0 },
    sms: { isConfigured: false, reached: 0 },
    push: { isConfigured: true, reached: 1 },
    timeZone: { zone: 'UTC', isSet: false },
    findings: [
      {
        code: 'email_not_configured',
        severity: 'warning',
        participants: 3,
        message: "E-mail is not configured: 3 participants will get no 'your turn' e-mail.",
      },
      {
        code: 'time_zone_not_set',
        severity: 'warning',
        participants: null,
        message: "The department's time zone is not set (UTC).",
      },
      { code: 'push_partial', severity: 'info', participants: 1, message: '1 of 3 has push on.' },
    ],
    summary: '2 problems to know before starting.',
  };
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
      [`GET /api/bid-sessions/${SESSION_ID}/next-in-queue`]: () => jsonResponse(200, nextInQueue()),
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
    expect(within(control).getByText('Less than a minute left').closest('[role="status"]')).not.toBeNull();
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

    // Confirmed first, in words to read back on the phone; nothing is sent before.
    const confirmation = await screen.findByRole('dialog', { name: 'Confirm the phone-in bid' });
    expect(confirmation).toHaveTextContent('Confirm for Elena Ramirez: Station 1 · B shift · Captain');
    expect(confirmation).toHaveTextContent('Read this back to Elena Ramirez on the phone.');
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(0);
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm bid for Elena Ramirez' }));

    expect(await screen.findByText('Bid placed for Elena Ramirez: Station 1 · B shift · Captain')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm the phone-in bid' })).not.toBeInTheDocument(),
    );
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
    const confirmation = await screen.findByRole('dialog', { name: 'Confirm the phone-in bid' });
    expect(confirmation).toHaveTextContent('Confirm for Elena Ramirez: Station 3 · C shift · Firefighter');
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm bid for Elena Ramirez' }));

    // The refusal stays in the confirmation, beside the seat it is about.
    const refusal = await within(confirmation).findByRole('alert');
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
    expect(await screen.findByText('Winter Bid paused: the turn clock is stopped')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/pause`)).toHaveLength(1);

    await user.click(within(control).getByRole('button', { name: 'Move to Back' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Move to Back of Queue' });
    expect(confirmation).toHaveTextContent('Move Elena Ramirez to the back of the queue?');
    await user.click(within(confirmation).getByRole('button', { name: 'Move to Back' }));
    expect(await screen.findByText('Elena Ramirez moved to the back')).toBeInTheDocument();
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
    expect(await screen.findByText('Winter Bid resumed: the turn clock is running again')).toBeInTheDocument();
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
    expect(await screen.findByText('Winter Bid ended')).toBeInTheDocument();
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
      {
        [`POST /api/bid-sessions/${SESSION_ID}/start`]: () => jsonResponse(200, { message: 'ok' }),
        [`GET /api/bid-sessions/${SESSION_ID}/start-check`]: () => jsonResponse(200, startCheck()),
      },
    );
    const control = await screen.findByRole('region', { name: 'Admin Session Control' });

    expect(
      await within(control).findByText(/^Starts by itself at .*2026.*\. 3 participants are waiting\.$/),
    ).toBeInTheDocument();
    expect(within(control).queryByRole('timer')).not.toBeInTheDocument();
    await user.click(within(control).getByRole('button', { name: 'Start Now' }));
    // Asked first, with what will go wrong.
    const confirmation = await screen.findByRole('dialog', { name: 'Start Winter Bid?' });
    const findings = await within(confirmation).findByRole('list', { name: 'What the start check found' });
    expect(findings).toHaveTextContent("E-mail is not configured: 3 participants will get no 'your turn' e-mail.");
    expect(findings).toHaveTextContent("The department's time zone is not set (UTC).");
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/start`)).toHaveLength(0);
    await user.click(within(confirmation).getByRole('button', { name: 'Start anyway' }));
    expect(await screen.findByText('Winter Bid started: the first turn is running')).toBeInTheDocument();
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

  it('shows the next in queue, who is online and how their turn notices went, and opens their notices', async () => {
    const log: DeliveryLog = {
      sessionId: SESSION_ID,
      total: 1,
      limit: 25,
      offset: 0,
      entries: [
        {
          id: 'n1',
          memberId: elena.user.id,
          memberName: 'Elena Ramirez',
          channel: 'sms',
          kind: 'turn_started',
          kindLabel: 'Your turn',
          recipient: '+13125550123',
          result: 'failed',
          queuedAt: '2026-11-24T09:00:00.000Z',
          sentAt: null,
          lastAttemptAt: '2026-11-24T09:00:01.000Z',
          attempts: 1,
          lastError: 'Number is not reachable by text',
        },
      ],
    };
    const { user, api } = renderControl(activeSession(), {
      [`GET /api/bid-sessions/${SESSION_ID}/delivery-log?limit=25&offset=0&memberId=${elena.user.id}`]: () =>
        jsonResponse(200, log),
      [`GET /api/bid-sessions/${SESSION_ID}/participants?limit=20`]: () =>
        jsonResponse(200, { participants: [elena, caleb, ava], nextCursor: null, total: 3 }),
    });
    const control = await findControl();
    const queue = await within(control).findByRole('region', { name: 'Next in queue' });
    const rows = await within(queue).findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Holds the turn: Elena Ramirez',
      'Next: Caleb Murphy',
      '2 turns away: Ava Schmidt',
    ]);
    expect(queue).toHaveTextContent('3 members waiting');
    expect(rows[0]).toHaveTextContent('Offline');
    expect(rows[0]).toHaveTextContent(/E-mail: Your turn delivered \d+:\d\d [AP]M/);
    expect(rows[0]).toHaveTextContent(/Text: Your turn failed \d+:\d\d [AP]M/);
    expect(rows[0]).toHaveTextContent('Push: none sent');
    expect(rows[1]).toHaveTextContent('Online');

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Notices to Elena Ramirez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery log: Winter Bid' });
    const notices = await within(dialog).findByRole('list', { name: 'Notices' });
    expect(notices).toHaveTextContent('Elena Ramirez · Text · Your turn');
    expect(notices).toHaveTextContent('failed');
    expect(notices).toHaveTextContent('Reason: Number is not reachable by text');
    expect(within(dialog).getByLabelText('Member')).toHaveValue('Elena Ramirez');
    expect(api.unhandled.filter((key) => key.includes('delivery-log'))).toEqual([]);
  });
});
