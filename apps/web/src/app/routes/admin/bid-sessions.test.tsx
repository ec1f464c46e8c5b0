import { BID_MESSAGES, type BidSession, type StartCheck, type User } from '@stationbid/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/browser-stubs.ts';
import {
  buildBidSession,
  buildBidSessionDetail,
  buildHistoryEntry,
  buildParticipant,
  buildSessionResults,
  testId,
} from '../../../test/build-bid-session.ts';
import { buildStation } from '../../../test/build-station.ts';
import { adminUser, buildUser } from '../../../test/fixtures.ts';
import { departmentSettingsApi, jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { toSessionBoard } from '../../../test/session-board-api.ts';

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const LIST = 'GET /api/bid-sessions?view=summary';

const draft = buildBidSession({ id: testId('5e55', 1), name: 'Spring Station Bid', status: 'draft' });
const scheduled = buildBidSession({
  id: testId('5e55', 2),
  name: 'Summer Relief Bid',
  description: 'Relief crews for the summer.',
  status: 'scheduled',
  scheduledStart: '2026-06-01T14:00:00.000Z',
});
const completed = buildBidSession({
  id: testId('5e55', 3),
  name: 'Autumn Harbor Bid',
  description: 'Harbor crews only.',
  status: 'completed',
  year: 2025,
  participantCount: 4,
  completedBids: 4,
  actualStart: '2025-09-01T14:00:00.000Z',
  actualEnd: '2025-09-01T15:00:00.000Z',
});

function member(n: number, fields: Partial<User>): User {
  const id = testId('3e3', n);
  return buildUser({ id, _id: id, email: `member${n}@stationbid.example`, employeeId: `FD-00${10 + n}`, ...fields });
}

const elena = member(1, {
  firstName: 'Elena',
  lastName: 'Ramirez',
  rank: 'Captain',
  position: 'Paramedic',
  yearsOfService: 19,
  bidPriority: 2,
});
const caleb = member(2, {
  firstName: 'Caleb',
  lastName: 'Murphy',
  rank: 'Engineer',
  position: 'Driver',
  yearsOfService: 15,
  bidPriority: 3,
});
const chloe = member(3, {
  firstName: 'Chloe',
  lastName: 'Bennett',
  rank: 'Firefighter',
  position: 'Paramedic',
  yearsOfService: 11,
  // The department ranks by time in rank: Chloe's recent promotion date puts her first, whatever her score.
  bidPriority: 1,
});
const walter = member(4, {
  firstName: 'Walter',
  lastName: 'Gray',
  isActive: false,
  status: 'inactive',
  bidPriority: null,
});
const members = [chloe, walter, elena, caleb];

function readyStartCheck(sessionId: string): StartCheck {
  return {
    sessionId,
    participantCount: 10,
    email: { isConfigured: true, reached: 10 },
    sms: { isConfigured: true, reached: 2 },
    push: { isConfigured: true, reached: 10 },
    timeZone: { zone: 'America/Chicago', isSet: true },
    findings: [],
    summary: 'Ready: every participant will be told of their turn, and times read in America/Chicago.',
  };
}

function renderSessionManagement(sessions: BidSession[], api: Record<string, MockHandler> = {}) {
  return renderApp({
    path: '/admin/bid-sessions',
    signedInAs: adminUser,
    api: {
      [LIST]: () => jsonResponse(200, { sessions }),
      // The control panel follows the board of the session under way (or the next scheduled one).
      ...Object.fromEntries(
        sessions.map((session) => [
          `GET /api/bid-sessions/${session.id}/board`,
          () => jsonResponse(200, { board: toSessionBoard(buildBidSessionDetail(session)) }),
        ]),
      ),
      // Before a session starts its card asks who lacks a seniority key; nobody here.
      ...Object.fromEntries(
        sessions.map((session) => [
          `GET /api/bid-sessions/${session.id}/seniority-check`,
          () =>
            jsonResponse(200, {
              keys: [{ key: 'seniorityScore', direction: 'desc' }],
              isDefault: true,
              missingSeniorityKeys: [],
              message: null,
            }),
        ]),
      ),
      // Before a start the dialog (and a scheduled session's card) asks what will go wrong; nothing here.
      ...Object.fromEntries(
        sessions.map((session) => [
          `GET /api/bid-sessions/${session.id}/start-check`,
          () => jsonResponse(200, readyStartCheck(session.id)),
        ]),
      ),
      // The control panel follows the next in queue; nobody waits in these.
      ...Object.fromEntries(
        sessions.map((session) => [
          `GET /api/bid-sessions/${session.id}/next-in-queue`,
          () => jsonResponse(200, { sessionId: session.id, waiting: 0, entries: [] }),
        ]),
      ),
      // Once a session has started, its details ask which places corrected seniority data moved; none here.
      ...Object.fromEntries(
        sessions.map((session) => [
          `GET /api/bid-sessions/${session.id}/rewind-preview`,
          () =>
            jsonResponse(200, {
              preview: {
                sessionId: session.id,
                corrections: [],
                seniorMostMoved: null,
                target: null,
                affected: [],
                resumesWith: null,
                refusal: null,
              },
            }),
        ]),
      ),
      'GET /api/admin/users': () => jsonResponse(200, { users: members }),
      'GET /api/stations': () =>
        jsonResponse(200, {
          stations: [buildStation({ number: 1, name: 'Downtown' }), buildStation({ number: 3, name: 'Harbor' })],
        }),
      ...api,
    },
  });
}

async function chooseOption(user: UserEvent, label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await user.click(select);
  // The dropdown is still in its opening transition for jsdom, so its options count as hidden.
  const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

/** Puts text in a field at once: typing key by key re-renders the whole form each time. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('BidSessionManagementPage (/admin/bid-sessions)', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // Mantine scrolls the chosen option into view; jsdom has no layout, so no scrollIntoView.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('shows each session as a card with its facts, status and the actions its status allows', async () => {
    const { api } = renderSessionManagement([draft, scheduled, completed]);

    const draftCard = await screen.findByRole('article', { name: 'Spring Station Bid' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bid Session Management' })).toBeInTheDocument();
    expect(within(draftCard).getByText('Draft')).toBeInTheDocument();
    expect(draftCard).toHaveTextContent('Station, shift and position assignments for the next rotation.');
    expect(draftCard).toHaveTextContent('Year2026');
    expect(draftCard).toHaveTextContent('Participants10');
    expect(draftCard).toHaveTextContent('Bid window5 minutes');
    expect(draftCard).toHaveTextContent(/Mar 1, 2026 – Mar 31, 2026/);
    for (const name of [
      'Start Spring Station Bid',
      'View details of Spring Station Bid',
      'Edit Spring Station Bid',
      'History of Spring Station Bid',
      'Delete Spring Station Bid',
    ]) {
      expect(within(draftCard).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(draftCard).queryByRole('button', { name: /^Export/ })).not.toBeInTheDocument();

    const completedCard = screen.getByRole('article', { name: 'Autumn Harbor Bid' });
    expect(within(completedCard).getByText('Completed')).toBeInTheDocument();
    expect(within(completedCard).getByRole('button', { name: 'Export Autumn Harbor Bid' })).toBeInTheDocument();
    expect(within(completedCard).getByRole('button', { name: 'Delete Autumn Harbor Bid' })).toBeInTheDocument();
    expect(within(completedCard).queryByRole('button', { name: 'Edit Autumn Harbor Bid' })).not.toBeInTheDocument();
    expect(within(completedCard).queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();

    const scheduledCard = screen.getByRole('article', { name: 'Summer Relief Bid' });
    expect(within(scheduledCard).getByText('Scheduled')).toBeInTheDocument();
    expect(scheduledCard).toHaveTextContent(/Starts.*2026/);
    expect(screen.getByText('Showing 3 of 3 sessions')).toBeInTheDocument();
    // The scheduled session is the one the control panel follows.
    expect(screen.getByRole('region', { name: 'Admin Session Control' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(`GET /api/bid-sessions/${scheduled.id}/board`)).toHaveLength(1));
    expect(api.unhandled).toEqual([]);
  });

  it("keeps a scheduled session's start check on its card until fixed, and lists its notices", async () => {
    const { user } = renderSessionManagement([scheduled], {
      [`GET /api/bid-sessions/${scheduled.id}/start-check`]: () =>
        jsonResponse(200, {
          ...readyStartCheck(scheduled.id),
          sms: { isConfigured: false, reached: 0 },
          findings: [
            {
              code: 'sms_not_configured',
              severity: 'warning',
              participants: 2,
              message: 'SMS is not configured: 2 participants who turned texts on will get none.',
            },
            { code: 'push_partial', severity: 'info', participants: 4, message: '4 of 10 have push on.' },
          ],
          summary: '1 problem to know before starting.',
        } satisfies StartCheck),
      [`GET /api/bid-sessions/${scheduled.id}/delivery-log?limit=25&offset=0`]: () =>
        jsonResponse(200, { sessionId: scheduled.id, entries: [], total: 0, limit: 25, offset: 0 }),
      [`GET /api/bid-sessions/${scheduled.id}/participants?limit=20`]: () =>
        jsonResponse(200, { participants: [], nextCursor: null, total: 0 }),
    });
    const card = await screen.findByRole('article', { name: 'Summer Relief Bid' });
    const warnings = await within(card).findByRole('list', { name: 'Start check of Summer Relief Bid' });
    expect(warnings).toHaveTextContent('SMS is not configured: 2 participants who turned texts on will get none.');
    // Only what will go wrong: the note about push stays in the start dialog.
    expect(card).not.toHaveTextContent('4 of 10 have push on.');

    await user.click(within(card).getByRole('button', { name: 'Delivery log of Summer Relief Bid' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log: Summer Relief Bid' });
    expect(
      await within(log).findByText(/No e-mail, text or push has been queued for this session yet\./),
    ).toBeInTheDocument();
  });

  it('searches by name or description, filters by status, and clears filters that hide everything', async () => {
    const { user } = renderSessionManagement([draft, scheduled, completed]);
    await screen.findByRole('article', { name: 'Spring Station Bid' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'harbor crews');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Autumn Harbor Bid' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));

    await chooseOption(user, 'Status', 'Draft');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Spring Station Bid' })).toBeInTheDocument();

    await chooseOption(user, 'Status', 'Paused');
    expect(screen.getByRole('heading', { name: 'No Bid Sessions Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows the empty state and offers to create the first session', async () => {
    const { user } = renderSessionManagement([]);

    expect(await screen.findByRole('heading', { name: 'No Bid Sessions Found' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Session Control' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Session' }));
    expect(await screen.findByRole('dialog', { name: 'Create Bid Session' })).toBeInTheDocument();
  });

  it('says when the sessions failed to load, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const { user } = renderSessionManagement([], {
      [LIST]: () => {
        calls += 1;
        return calls <= 2
          ? jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL_ERROR' })
          : jsonResponse(200, { sessions: [draft] });
      },
    });

    expect(await screen.findByText('Failed to load bid sessions', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Spring Station Bid' })).toBeInTheDocument();
  });

  it('starts a session and says so, and shows the server refusal when it cannot', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let startCalls = 0;
    const { user, api } = renderSessionManagement([draft], {
      [`POST /api/bid-sessions/${draft.id}/start`]: () => {
        startCalls += 1;
        return startCalls === 1
          ? jsonResponse(409, { error: BID_MESSAGES.noParticipants, code: 'CONFLICT' })
          : jsonResponse(200, { message: BID_MESSAGES.sessionStarted });
      },
    });
    const card = await screen.findByRole('article', { name: 'Spring Station Bid' });

    await user.click(within(card).getByRole('button', { name: 'Start Spring Station Bid' }));
    let confirmation = await screen.findByRole('dialog', { name: 'Start Spring Station Bid?' });
    expect(await within(confirmation).findByText('All is ready')).toBeInTheDocument();
    expect(confirmation).toHaveTextContent(
      'Ready: every participant will be told of their turn, and times read in America/Chicago.',
    );
    expect(api.requestsTo(`POST /api/bid-sessions/${draft.id}/start`)).toHaveLength(0);
    await user.click(within(confirmation).getByRole('button', { name: 'Start now' }));
    expect(await screen.findByText(BID_MESSAGES.noParticipants)).toBeInTheDocument();
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));

    await user.click(within(card).getByRole('button', { name: 'Start Spring Station Bid' }));
    confirmation = await screen.findByRole('dialog', { name: 'Start Spring Station Bid?' });
    await user.click(await within(confirmation).findByRole('button', { name: 'Start now' }));
    expect(await screen.findByText('Spring Station Bid started: the first turn is running')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${draft.id}/start`)).toHaveLength(2);
  });

  it('pauses an active session, resumes a paused one and ends one after asking', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const active = buildBidSession({ id: testId('5e55', 4), name: 'Winter Bid', status: 'active' });
    const paused = buildBidSession({
      id: testId('5e55', 5),
      name: 'Relief Bid',
      status: 'paused',
      pausedRemainingSeconds: 90,
    });
    const ok = () => jsonResponse(200, { message: 'ok' });
    const { user, api } = renderSessionManagement([active, paused], {
      [`POST /api/bid-sessions/${active.id}/pause`]: ok,
      [`POST /api/bid-sessions/${paused.id}/resume`]: () =>
        jsonResponse(409, { error: BID_MESSAGES.sessionNotPaused, code: 'CONFLICT' }),
      [`POST /api/bid-sessions/${paused.id}/end`]: ok,
    });
    const activeCard = await screen.findByRole('article', { name: 'Winter Bid' });
    const pausedCard = screen.getByRole('article', { name: 'Relief Bid' });
    expect(within(activeCard).getByRole('progressbar', { name: 'Winter Bid progress' })).toBeInTheDocument();
    expect(activeCard).toHaveTextContent('0 / 10 done');

    await user.click(within(activeCard).getByRole('button', { name: 'Pause Winter Bid' }));
    expect(await screen.findByText('Winter Bid paused: the turn clock is stopped')).toBeInTheDocument();

    await user.click(within(pausedCard).getByRole('button', { name: 'Resume Relief Bid' }));
    expect(await screen.findByText(BID_MESSAGES.sessionNotPaused)).toBeInTheDocument();

    await user.click(within(pausedCard).getByRole('button', { name: 'End Relief Bid' }));
    const confirmation = await screen.findByRole('dialog', { name: 'End Bid Session' });
    expect(confirmation).toHaveTextContent('End Relief Bid now?');
    expect(api.requestsTo(`POST /api/bid-sessions/${paused.id}/end`)).toHaveLength(0);
    await user.click(within(confirmation).getByRole('button', { name: 'End Session' }));
    expect(await screen.findByText('Relief Bid ended')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/bid-sessions/${paused.id}/end`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'End Bid Session' })).not.toBeInTheDocument());
  });

  it('runs a what-if of a session and shows what it found, then the predicted turns, searchable', async () => {
    const seat = (shift: 'A' | 'B') => ({
      stationId: testId('57a7', 1),
      stationNumber: 1,
      stationName: 'Downtown',
      shift,
      position: 'Firefighter' as const,
    });
    const award = (turn: number, name: string, fields: Record<string, unknown>) => ({
      participantId: testId('9a17', turn),
      name,
      rank: 'Firefighter' as const,
      turn,
      seat: seat('A'),
      place: null,
      isGuess: false,
      listRanOut: false,
      ...fields,
    });
    const { user, api } = renderSessionManagement([draft, completed], {
      [`POST /api/bid-sessions/${draft.id}/simulate`]: () =>
        jsonResponse(200, {
          whatIf: {
            sessionId: draft.id,
            ranFrom: 'start',
            awards: [
              award(1, 'Sen Ior', { source: 'rankedList', place: 1 }),
              award(2, 'Mid Dle', { source: 'standingBid', place: 2, seat: seat('B') }),
              award(3, 'Jun Ior', { source: 'firstQualified', isGuess: true, listRanOut: true, seat: seat('B') }),
            ],
            listsRanOut: 1,
            guesses: 1,
            mustFill: [
              { position: 'Firefighter', requires: ['PM'], seats: 2, filled: 2, fewestSpare: 0, tightFromTurn: 2 },
            ],
          },
        }),
    });
    const completedCard = await screen.findByRole('article', { name: 'Autumn Harbor Bid' });
    // A completed session has nothing left to run.
    expect(within(completedCard).queryByRole('button', { name: /^What-if run/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'What-if run of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'What-if run of Spring Station Bid' });
    await within(dialog).findByRole('list', { name: 'Predicted turns' });
    expect(dialog).toHaveTextContent('From the start, as if it began now');
    expect(dialog).toHaveTextContent('Turns played3');
    expect(dialog).toHaveTextContent('Guessed1');
    expect(dialog).toHaveTextContent('Lists that ran out1');
    expect(dialog).toHaveTextContent(
      'Firefighter/PM: 2 of 2 filled; tight from turn 2: from then on, every member still to bid who could take one was needed.',
    );
    const turns = within(within(dialog).getByRole('list', { name: 'Predicted turns' })).getAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual([
      '1. Sen Ior · FirefighterRanked list: first choiceStation 1 (Downtown) · Shift A · Firefighter',
      '2. Mid Dle · FirefighterStanding bid: second choiceStation 1 (Downtown) · Shift B · Firefighter',
      '3. Jun Ior · FirefighterGuess: first seat they qualify forStation 1 (Downtown) · Shift B · Firefighter · their ranked list ran out',
    ]);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a member' }), 'jun');
    expect(within(within(dialog).getByRole('list', { name: 'Predicted turns' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(api.requestsTo(`POST /api/bid-sessions/${draft.id}/simulate`)).toHaveLength(2));
  });

  it('deletes a draft session with the ordinary call and a completed one with the testing-only call', async () => {
    const { user, api } = renderSessionManagement([draft, completed], {
      [`DELETE /api/bid-sessions/${draft.id}`]: () => jsonResponse(200, { message: BID_MESSAGES.sessionDeleted }),
      'DELETE /api/admin/delete-completed-session': () =>
        jsonResponse(200, { message: BID_MESSAGES.completedSessionDeleted }),
    });
    await screen.findByRole('article', { name: 'Spring Station Bid' });

    await user.click(screen.getByRole('button', { name: 'Delete Autumn Harbor Bid' }));
    const completedDialog = await screen.findByRole('dialog', { name: 'Delete Completed Session' });
    expect(completedDialog).toHaveTextContent('This is for testing only');
    await user.click(within(completedDialog).getByRole('button', { name: 'Delete Session' }));
    expect(await screen.findByText('Autumn Harbor Bid and its results deleted')).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/admin/delete-completed-session')[0]?.body).toEqual({ sessionId: completed.id });

    await user.click(screen.getByRole('button', { name: 'Delete Spring Station Bid' }));
    const draftDialog = await screen.findByRole('dialog', { name: 'Delete Bid Session' });
    await user.click(within(draftDialog).getByRole('button', { name: 'Delete Session' }));
    expect(await screen.findByText('Spring Station Bid deleted')).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/bid-sessions/${draft.id}`)).toHaveLength(1);
  });

  it('exports a completed session as the file the server named, and shows why an export failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let exports = 0;
    const { user } = renderSessionManagement([completed], {
      [`POST /api/bid-sessions/${completed.id}/export`]: () => {
        exports += 1;
        if (exports === 2) return jsonResponse(409, { error: BID_MESSAGES.cannotExport, code: 'CONFLICT' });
        return new Response('PK', {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="Autumn_Harbor_Bid_2025-09-01T15-00-00.xlsx"',
          },
        });
      },
    });
    const card = await screen.findByRole('article', { name: 'Autumn Harbor Bid' });

    await user.click(within(card).getByRole('button', { name: 'Export Autumn Harbor Bid' }));
    expect(await screen.findByText('Export completed successfully!')).toBeInTheDocument();
    expect(clicked).toEqual(['Autumn_Harbor_Bid_2025-09-01T15-00-00.xlsx']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await user.click(within(card).getByRole('button', { name: 'Export Autumn Harbor Bid' }));
    expect(await screen.findByText('Cannot export this session')).toBeInTheDocument();
  });

  it('lists the participants in queue order in the details, and the history in words', async () => {
    const assigned = buildParticipant({
      firstName: 'Elena',
      lastName: 'Ramirez',
      position: 0,
      bidPriority: 1,
      seniorityScore: 494,
      outcome: 'proxy_bid',
      hasBid: true,
      assignedStation: { id: 's1', _id: 's1', name: 'Downtown', number: 1 },
      assignedShift: 'A',
      assignedPosition: 'Captain',
      user: { rank: 'Captain' },
    });
    const notAssigned = buildParticipant({
      firstName: 'Chloe',
      lastName: 'Bennett',
      position: 1,
      bidPriority: 2,
      seniorityScore: 143,
      outcome: 'not_assigned',
      movedToBack: true,
    });
    const phoneInReason = 'Phone-in bid: Morgan Hale bid Station 1, A, Captain for you at 09:00 CDT.';
    const movedReason =
      'Moved to the back at 09:06 CDT (turn expired, no ranked list); your second chance expired at 09:09 CDT with no free seat open to you left.';
    const { user } = renderSessionManagement([completed], {
      [`GET /api/bid-sessions/${completed.id}/participants?limit=100`]: () =>
        jsonResponse(200, { participants: [assigned, notAssigned], nextCursor: null, total: 2 }),
      // Why this seat (issue 16): the completed session's results give each participant's reason.
      [`GET /api/bid-sessions/${completed.id}/results`]: () =>
        jsonResponse(200, {
          results: buildSessionResults({
            id: completed.id,
            _id: completed.id,
            participants: [
              { ...assigned, reason: phoneInReason },
              { ...notAssigned, reason: movedReason },
            ],
          }),
        }),
      [`GET /api/bid-sessions/history?sessionId=${completed.id}`]: () =>
        jsonResponse(200, {
          history: [
            buildHistoryEntry({
              id: testId('4157', 1),
              action: 'session_started',
              timestamp: '2025-09-01T14:00:00.000Z',
            }),
            buildHistoryEntry({
              id: testId('4157', 2),
              action: 'bid_submitted',
              userName: 'Elena Ramirez',
              bidPriority: 1,
              stationName: 'Downtown',
              stationNumber: 1,
              shift: 'A',
              position: 'Captain',
              detailsData: { proxy: true },
            }),
            buildHistoryEntry({
              id: testId('4157', 3),
              action: 'moved_to_back',
              userName: 'Chloe Bennett',
              actorName: 'system',
            }),
          ],
        }),
    });

    await user.click(await screen.findByRole('button', { name: 'View details of Autumn Harbor Bid' }));
    const details = await screen.findByRole('dialog', { name: 'Autumn Harbor Bid' });
    const table = await within(details).findByRole('table', { name: 'Participants in queue order' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('1Elena Ramirez');
    expect(rows[0]).toHaveTextContent('#1494Phone-in bid: Station 1 (Downtown) · Shift A · Captain');
    expect(rows[1]).toHaveTextContent('2Chloe Bennett');
    expect(rows[1]).toHaveTextContent('Moved to back');
    expect(rows[1]).toHaveTextContent('Not assigned');
    expect(await within(rows[0] as HTMLElement).findByText(phoneInReason)).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(movedReason);
    await user.click(within(details).getByRole('button', { name: 'Close dialog' }));

    await user.click(screen.getByRole('button', { name: 'History of Autumn Harbor Bid' }));
    const history = await screen.findByRole('dialog', { name: 'History of Autumn Harbor Bid' });
    const historyRows = within(await within(history).findByRole('table', { name: 'Session history' }))
      .getAllByRole('row')
      .slice(1);
    expect(historyRows[0]).toHaveTextContent('Session started');
    expect(historyRows[1]).toHaveTextContent('Bid submitted');
    expect(historyRows[1]).toHaveTextContent('Phone-in bid');
    expect(historyRows[1]).toHaveTextContent('Elena Ramirez (priority #1)');
    expect(historyRows[1]).toHaveTextContent('Morgan Hale');
    expect(historyRows[1]).toHaveTextContent('Station 1 (Downtown) · Shift A · Captain');
    expect(historyRows[2]).toHaveTextContent('Moved to back of queue');
    expect(historyRows[2]).toHaveTextContent('System');
    // Times carry the zone's name.
    expect(historyRows[0]?.querySelector('time')?.textContent).toMatch(/\d{4}, .* [A-Z]{2,}|GMT/);
  });

  it("reads a large session's participants a page at a time, the next with Load More Participants", async () => {
    const pageOf = (first: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        buildParticipant({ firstName: `Member${first + index + 1}`, lastName: 'Lastname', position: first + index }),
      );
    const { user, api } = renderSessionManagement([completed], {
      [`GET /api/bid-sessions/${completed.id}/participants?limit=100`]: () =>
        jsonResponse(200, { participants: pageOf(0, 100), nextCursor: 99, total: 150 }),
      [`GET /api/bid-sessions/${completed.id}/participants?limit=100&cursor=99`]: () =>
        jsonResponse(200, { participants: pageOf(100, 50), nextCursor: null, total: 150 }),
      [`GET /api/bid-sessions/${completed.id}/results`]: () =>
        jsonResponse(200, { results: buildSessionResults({ id: completed.id, _id: completed.id }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'View details of Autumn Harbor Bid' }));
    const details = await screen.findByRole('dialog', { name: 'Autumn Harbor Bid' });
    const table = await within(details).findByRole('table', { name: 'Participants in queue order' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(details).toHaveTextContent('Showing 100 of 150');

    await user.click(within(details).getByRole('button', { name: 'Load More Participants' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(151));
    expect(within(table).getAllByRole('row')[150]).toHaveTextContent('150Member150 Lastname');
    expect(within(details).queryByRole('button', { name: 'Load More Participants' })).not.toBeInTheDocument();
    expect(api.unhandled).toEqual([]);
  });

  it('lists participants and history as cards on a phone', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    const { user } = renderSessionManagement([completed], {
      [`GET /api/bid-sessions/${completed.id}/participants?limit=100`]: () =>
        jsonResponse(200, {
          participants: [
            buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 0, outcome: 'skipped' }),
            buildParticipant({ firstName: 'Chloe', lastName: 'Bennett', position: 1, outcome: 'not_assigned' }),
          ],
          nextCursor: null,
          total: 2,
        }),
      [`GET /api/bid-sessions/history?sessionId=${completed.id}`]: () =>
        jsonResponse(200, {
          history: [
            buildHistoryEntry({ action: 'turn_skipped', userName: 'Elena Ramirez', actorName: 'Elena Ramirez' }),
          ],
        }),
    });

    await user.click(await screen.findByRole('button', { name: 'View details of Autumn Harbor Bid' }));
    const details = await screen.findByRole('dialog', { name: 'Autumn Harbor Bid' });
    const participants = await within(details).findByRole('list', { name: 'Participants in queue order' });
    const items = within(participants).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1.Elena Ramirez');
    expect(items[0]).toHaveTextContent('Skipped');
    expect(items[1]).toHaveTextContent('2.Chloe Bennett');
    expect(within(details).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Close dialog' }));

    await user.click(screen.getByRole('button', { name: 'History of Autumn Harbor Bid' }));
    const history = await screen.findByRole('dialog', { name: 'History of Autumn Harbor Bid' });
    const entries = await within(history).findByRole('list', { name: 'Session history' });
    expect(within(entries).getByRole('listitem')).toHaveTextContent('Turn skipped: Elena Ramirez');
    expect(within(entries).getByRole('listitem')).toHaveTextContent('by Elena Ramirez');
  });
});

describe('the session form', { timeout: 30_000 }, () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('offers only active members with their department place and score, and creates nothing without one', async () => {
    const { user } = renderSessionManagement([draft]);
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });

    expect(within(dialog).getByRole('textbox', { name: 'Year' })).toHaveValue(String(new Date().getFullYear()));
    expect(within(dialog).getByRole('textbox', { name: /Bid Window/ })).toHaveValue('5');
    expect(within(dialog).getByRole('textbox', { name: /Auto-assign Timeout/ })).toHaveValue('2');
    expect(within(dialog).getByRole('radio', { name: 'Years of service, then employee ID' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'All active stations' })).toBeChecked();

    const elenaBox = await within(dialog).findByRole('checkbox', { name: 'Elena Ramirez' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Walter Gray' })).not.toBeInTheDocument();
    // Scores by the spec's formula: 19 x 10 x 2 x 1.3 = 494; 15 x 10 x 1.2 x 1.2 = 216; 11 x 10 x 1 x 1.3 = 143.
    // The place is the server's, by the department's seniority rule, not the score order.
    const memberBoxes = ['Chloe Bennett', 'Elena Ramirez', 'Caleb Murphy'].map((name) =>
      within(dialog).getByRole('checkbox', { name }),
    );
    const listed = within(dialog)
      .getAllByRole('checkbox')
      .filter((box) => memberBoxes.includes(box));
    expect(listed).toEqual(memberBoxes);
    const elenaRow = elenaBox.closest('.mantine-Group-root') as HTMLElement;
    expect(elenaRow).toHaveTextContent('Priority #2');
    expect(elenaRow).toHaveTextContent('Score 494');
    expect(elenaRow).toHaveTextContent('Captain · Paramedic · 19 years · FD-0011');
    const chloeRow = within(dialog)
      .getByRole('checkbox', { name: 'Chloe Bennett' })
      .closest('.mantine-Group-root') as HTMLElement;
    expect(chloeRow).toHaveTextContent('Priority #1');
    expect(chloeRow).toHaveTextContent('Score 143');
    expect(within(dialog).getByText('0 of 3 active members selected')).toBeInTheDocument();

    expect(within(dialog).getByRole('button', { name: 'Create Session' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Select All Shown' }));
    expect(within(dialog).getByText('3 of 3 active members selected')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Session' })).toBeEnabled();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'murphy');
    expect(within(dialog).queryByRole('checkbox', { name: 'Elena Ramirez' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear Shown' }));
    expect(within(dialog).getByText('2 of 3 active members selected')).toBeInTheDocument();
  });

  it('shows the session form messages (BID_MESSAGES), then sends the session with its participants', async () => {
    const { user, api } = renderSessionManagement([], {
      'POST /api/bid-sessions': () =>
        jsonResponse(201, {
          session: { ...draft, participants: [], availableStations: [] },
          message: BID_MESSAGES.sessionCreated,
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create First Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Bid Session' });
    const form = within(dialog);
    await user.click(await form.findByRole('checkbox', { name: 'Elena Ramirez' }));
    await user.click(form.getByRole('checkbox', { name: 'Chloe Bennett' }));

    await user.clear(form.getByRole('textbox', { name: /Bid Window/ }));
    await fill(user, form.getByRole('textbox', { name: /Auto-assign Timeout/ }), '45');
    await fill(user, form.getByRole('textbox', { name: 'Year' }), '2023');
    await user.click(form.getByRole('button', { name: 'Create Session' }));

    expect(form.getByText(BID_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Session Name' })).toHaveFocus();
    expect(form.getByText(BID_MESSAGES.yearMin)).toBeInTheDocument();
    expect(form.getByText(BID_MESSAGES.startDateRequired)).toBeInTheDocument();
    expect(form.getByText(BID_MESSAGES.endDateRequired)).toBeInTheDocument();
    expect(form.getByText(BID_MESSAGES.bidWindowRequired)).toBeInTheDocument();
    expect(form.getByText(BID_MESSAGES.maximumThirtyMinutes)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bid-sessions')).toHaveLength(0);

    await fill(user, form.getByRole('textbox', { name: 'Session Name' }), 'Fall Rotation Bid');
    await fill(user, form.getByRole('textbox', { name: 'Description' }), 'Autumn rotation.');
    await fill(user, form.getByRole('textbox', { name: 'Year' }), '2026');
    await fill(user, form.getByLabelText(/Start Date/), '2026-09-01');
    await fill(user, form.getByLabelText(/End Date/), '2026-08-01');
    await fill(user, form.getByRole('textbox', { name: /Bid Window/ }), '61');
    expect(await form.findByText(BID_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(form.getByText(BID_MESSAGES.maximumSixtyMinutes)).toBeInTheDocument();

    await fill(user, form.getByLabelText(/End Date/), '2026-09-30');
    await fill(user, form.getByRole('textbox', { name: /Bid Window/ }), '10');
    await fill(user, form.getByRole('textbox', { name: /Auto-assign Timeout/ }), '3');
    await user.click(form.getByRole('radio', { name: 'Any position' }));
    await user.click(form.getByRole('radio', { name: 'Years of service, then a seeded random draw' }));
    await user.click(form.getByRole('checkbox', { name: /Clear assignments/ }));
    await user.click(form.getByRole('radio', { name: 'Only the stations I choose' }));
    await user.click(await form.findByRole('checkbox', { name: 'Station 3 · Harbor' }));
    await user.click(form.getByRole('button', { name: 'Create Session' }));

    expect(await screen.findByText('Spring Station Bid created')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bid-sessions')[0]?.body).toEqual({
      name: 'Fall Rotation Bid',
      description: 'Autumn rotation.',
      year: 2026,
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      scheduledStart: null,
      bidWindowDuration: 10,
      autoAssignTimeout: 3,
      participantIds: [elena.id, chloe.id],
      stationIds: [buildStation({ number: 3, name: 'Harbor' }).id],
      clearAssignments: true,
      eligibilityMode: 'any',
      tieBreakChain: ['yearsOfService', 'random'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Bid Session' })).not.toBeInTheDocument());
  });

  it('edits a running session: only name, description, bid window and auto-assign timeout', async () => {
    const active = buildBidSession({ id: testId('5e55', 6), name: 'Winter Bid', status: 'active' });
    const detail = {
      ...active,
      participants: [buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', user: { id: elena.id } })],
      availableStations: [],
    };
    const { user, api } = renderSessionManagement([active], {
      [`GET /api/bid-sessions/${active.id}`]: () => jsonResponse(200, { session: detail }),
      [`PUT /api/bid-sessions/${active.id}`]: () =>
        jsonResponse(200, { session: detail, message: BID_MESSAGES.sessionUpdated }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Winter Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Winter Bid' });
    const form = within(dialog);

    expect(await form.findByText(/This session is running/)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Year' })).toBeDisabled();
    expect(form.getByLabelText(/Start Date/)).toBeDisabled();
    expect(form.getByRole('radio', { name: 'Any position' })).toBeDisabled();
    expect(await form.findByRole('checkbox', { name: 'Elena Ramirez' })).toBeDisabled();
    expect(form.getByRole('checkbox', { name: 'Elena Ramirez' })).toBeChecked();

    await fill(user, form.getByRole('textbox', { name: 'Session Name' }), 'Winter Bid (extended)');
    await fill(user, form.getByRole('textbox', { name: /Bid Window/ }), '8');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Changes to Winter Bid saved')).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/bid-sessions/${active.id}`)[0]?.body).toEqual({
      name: 'Winter Bid (extended)',
      description: active.description,
      bidWindowDuration: 8,
      autoAssignTimeout: 2,
    });
  });
});

describe("times on the department's clock (issue 16)", { timeout: 30_000 }, () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("shows a scheduled start in the department's zone, named, and reads one typed in the form there", async () => {
    // The department works in Chicago; this administrator's browser is in Tokyo.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const detail = {
      ...scheduled,
      participants: [buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', user: { id: elena.id } })],
      availableStations: [],
    };
    const { user, api } = renderSessionManagement([scheduled], {
      ...departmentSettingsApi('America/Chicago'),
      [`GET /api/bid-sessions/${scheduled.id}`]: () => jsonResponse(200, { session: detail }),
      'POST /api/bid-sessions': () =>
        jsonResponse(201, {
          session: { ...draft, participants: [], availableStations: [] },
          message: BID_MESSAGES.sessionCreated,
        }),
    });

    // 14:00 UTC on 1 June is 9:00 AM in Chicago (11:00 PM in Tokyo).
    const card = await screen.findByRole('article', { name: 'Summer Relief Bid' });
    await waitFor(() => expect(card).toHaveTextContent('StartsJun 1, 2026, 9:00:00 AM CDT'));
    expect(screen.getByRole('region', { name: 'Admin Session Control' })).toHaveTextContent(
      'Starts by itself at Jun 1, 2026, 9:00:00 AM CDT.',
    );

    await user.click(within(card).getByRole('button', { name: 'Edit Summer Relief Bid' }));
    const editDialog = await screen.findByRole('dialog', { name: 'Edit Summer Relief Bid' });
    const startField = await within(editDialog).findByLabelText(/Scheduled Start/);
    expect(startField).toHaveValue('2026-06-01T09:00');
    expect(startField).toHaveAccessibleDescription(/in the department's time zone \(America\/Chicago\)/);
    await user.click(within(editDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create Bid Session' }));
    await user.click(await form.findByRole('checkbox', { name: 'Elena Ramirez' }));
    await fill(user, form.getByRole('textbox', { name: 'Session Name' }), 'Spring Forward Bid');
    await fill(user, form.getByRole('textbox', { name: 'Year' }), '2027');
    await fill(user, form.getByLabelText(/Start Date/), '2027-03-14');
    await fill(user, form.getByLabelText(/End Date/), '2027-04-14');
    // Chicago's clocks go forward at 2:00 AM that day: 9:30 AM is CDT, five hours behind UTC.
    await fill(user, form.getByLabelText(/Scheduled Start/), '2027-03-14T09:30');
    await user.click(form.getByRole('button', { name: 'Create Session' }));

    expect(await screen.findByText('Spring Station Bid created')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/bid-sessions')[0]?.body).toMatchObject({
      startDate: '2027-03-14',
      endDate: '2027-04-14',
      scheduledStart: '2027-03-14T14:30:00.000Z',
    });
  });
});
