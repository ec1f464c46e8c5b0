import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  computeSeniorityScore,
  orderQueue,
  type Participant,
} from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionHistory } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import {
  createSessionWithMembers,
  createStationWithSeats,
  type MemberRow,
  sessionRequest,
  setSessionState,
} from '../session-engine/test-sessions.ts';

let context: TestContext;
let admin: MemberRow;
let adminSignIn: SignedIn;
let outsider: MemberRow;
let outsiderSignIn: SignedIn;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  context = await createTestContext();
  admin = await createAdmin(context, { firstName: 'Ada', lastName: 'Chief' });
  adminSignIn = await signIn(context, admin.email);
  outsider = await createMember(context, { firstName: 'Olga', lastName: 'Outside' });
  outsiderSignIn = await signIn(context, outsider.email);
});
afterAll(async () => {
  await context.close();
});

const asAdmin = (options: Parameters<typeof injectAs>[2]) => injectAs(context, adminSignIn, options);
const asOutsider = (options: Parameters<typeof injectAs>[2]) => injectAs(context, outsiderSignIn, options);
const names = (participants: Participant[]) => participants.map((participant) => participant.user.lastName);

async function createSession(options: Parameters<typeof createSessionWithMembers>[2] = {}) {
  // Each session is a little newer than the last, so "newest first" has one answer.
  context.clock.advance(1_000);
  return createSessionWithMembers(context, adminSignIn, options);
}

describe('guards', () => {
  const id = UNKNOWN_ID;
  const adminRoutes = [
    { method: 'POST', url: '/api/bid-sessions', payload: {} },
    { method: 'PUT', url: `/api/bid-sessions/${id}`, payload: {} },
    { method: 'DELETE', url: `/api/bid-sessions/${id}` },
    { method: 'POST', url: `/api/bid-sessions/${id}/participants`, payload: {} },
    { method: 'DELETE', url: `/api/bid-sessions/${id}/participants/${id}` },
    { method: 'GET', url: `/api/bid-sessions/${id}/export-status` },
    { method: 'DELETE', url: '/api/admin/delete-completed-session', payload: { sessionId: id } },
  ] as const;
  const memberRoutes = [
    { method: 'GET', url: '/api/bid-sessions' },
    { method: 'GET', url: '/api/bid-sessions/current' },
    { method: 'GET', url: `/api/bid-sessions/${id}` },
    { method: 'GET', url: `/api/bid-sessions/${id}/participants` },
    { method: 'GET', url: `/api/bid-sessions/${id}/my-participation` },
    { method: 'POST', url: `/api/bid-sessions/${id}/join` },
    { method: 'GET', url: `/api/bid-sessions/history?sessionId=${id}` },
    { method: 'GET', url: `/api/bid-sessions/${id}/results` },
    { method: 'POST', url: `/api/bid-sessions/${id}/export` },
    { method: 'GET', url: '/api/users/bid-status' },
    { method: 'GET', url: '/api/users/bid-history' },
  ] as const;

  it.each([...adminRoutes, ...memberRoutes])('$method $url answers 401 without a token', async (route) => {
    const response = await context.app.inject(route);
    expect(response.statusCode).toBe(401);
  });

  it.each(adminRoutes)('$method $url answers 403 to a member, before reading the body', async (route) => {
    const response = await asOutsider(route);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 with a clear message for an unknown session and 400 for a malformed id', async () => {
    const unknown = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(BID_MESSAGES.sessionNotFound);
    const malformed = await asAdmin({ method: 'GET', url: '/api/bid-sessions/not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/bid-sessions', () => {
  it('creates a draft with its participants queued by seniority, highest first', async () => {
    const junior = await createMember(context, { lastName: 'Junior', yearsOfService: 2 });
    const captain = await createMember(context, { lastName: 'Captain', rank: 'Captain', yearsOfService: 10 });
    const veteran = await createMember(context, { lastName: 'Veteran', yearsOfService: 20 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });

    const response = await asAdmin({
      method: 'POST',
      url: '/api/bid-sessions',
      payload: sessionRequest([junior.id, captain.id, veteran.id], { stationIds: [station.id] }),
    });

    expect(response.statusCode).toBe(201);
    const { session, message } = response.json<{ session: BidSessionDetail; message: string }>();
    expect(message).toBe('Bid session created successfully');
    expect(session).toMatchObject({
      _id: session.id,
      name: 'Spring Bid 2026',
      status: 'draft',
      participantCount: 3,
      totalParticipants: 3,
      currentParticipant: 0,
      completedBids: 0,
      bidWindowDuration: 5,
      bidTimeLimit: 300,
      autoAssignTimeout: 2,
      tieBreakChain: ['yearsOfService', 'employeeId'],
      randomSeed: null,
      stationIds: [station.id],
      currentTurn: null,
      nextParticipant: null,
      startDate: '2026-04-01T00:00:00.000Z',
    });
    // Captain 10 years x 10 x 1.3 = 130 ranks between the Veteran (200) and the Junior (20).
    expect(names(session.participants)).toEqual(['Veteran', 'Captain', 'Junior']);
    expect(session.participants.map((participant) => [participant.position, participant.bidPriority])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(session.participants[1]).toMatchObject({
      user: { id: captain.id, _id: captain.id, rank: 'Captain', employeeId: captain.employeeId, isAdmin: false },
      seniorityScore: computeSeniorityScore(captain),
      hasBid: false,
      outcome: null,
      isCurrentTurn: false,
      bidHistory: [],
    });
  });

  it('breaks equal scores by more years, then by employee ID', async () => {
    const make = (lastName: string, employeeId: string, yearsOfService: number) =>
      createMember(context, { lastName, employeeId, yearsOfService, manualSeniorityScore: 500 });
    const tied = [
      await make('LaterId', 'Z-2', 5),
      await make('EarlierId', 'Z-1', 5),
      await make('MoreYears', 'Z-3', 9),
    ];
    const { session } = await createSession({ members: tied });
    expect(names(session.participants)).toEqual(['MoreYears', 'EarlierId', 'LaterId']);
  });

  it('draws ties with a stored random seed that reproduces the order', async () => {
    const tied = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createMember(context, { lastName: `Tied${index}`, yearsOfService: 4, manualSeniorityScore: 300 }),
      ),
    );
    const { session } = await createSession({ members: tied, request: { tieBreakChain: ['random'] } });
    expect(session.randomSeed).toMatch(/^[0-9a-f]{32}$/);
    const expected = orderQueue(
      tied.map((member) => ({ ...member, memberId: member.id, seniorityScore: 300 })),
      ['random'],
      session.randomSeed,
    );
    expect(session.participants.map((participant) => participant.user.id)).toEqual(expected.map((member) => member.id));
  });

  it('is scheduled when it has a scheduled start', async () => {
    const { session } = await createSession({
      request: { scheduledStart: new Date(context.clock.now().getTime() + 3_600_000).toISOString() },
    });
    expect(session.status).toBe('scheduled');
  });

  it.each([
    ['no participants', { participantIds: [] }, BID_MESSAGES.participantsRequired],
    ['a year before 2024', { year: 2023 }, BID_MESSAGES.yearMin],
    ['a bid window above 60 minutes', { bidWindowDuration: 61 }, BID_MESSAGES.maximumSixtyMinutes],
    ['an auto-assign timeout of 0', { autoAssignTimeout: 0 }, BID_MESSAGES.minimumOneMinute],
    ['an end before the start', { startDate: '2026-05-01', endDate: '2026-04-01' }, BID_MESSAGES.endBeforeStart],
    ['a blank name', { name: '  ' }, BID_MESSAGES.nameRequired],
    [
      'a scheduled start in the past',
      { scheduledStart: '2020-01-01T00:00:00Z' },
      'The scheduled start must be in the future',
    ],
    ['an unknown station', { stationIds: [UNKNOWN_ID] }, '1 selected station does not exist'],
  ])('refuses %s with 400', async (_, overrides, error) => {
    const member = await createMember(context);
    const response = await asAdmin({
      method: 'POST',
      url: '/api/bid-sessions',
      payload: sessionRequest([member.id], overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
  });

  it('refuses unknown and inactive members, saying how many', async () => {
    const active = await createMember(context);
    const inactive = await createMember(context, { isActive: false });
    const response = await asAdmin({
      method: 'POST',
      url: '/api/bid-sessions',
      payload: sessionRequest([active.id, inactive.id, UNKNOWN_ID]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('2 selected participants are not active members. Choose active members only.');
  });
});

describe('reading sessions', () => {
  it('lists every session newest first to administrators, and hides drafts from members', async () => {
    const { session: draft } = await createSession();
    const { session: completed } = await createSession({ request: { name: 'Done' } });
    await setSessionState(context.db, completed.id, { status: 'completed' });

    const adminList = (await asAdmin({ method: 'GET', url: '/api/bid-sessions' })).json<{ sessions: BidSession[] }>();
    const adminIds = adminList.sessions.map((session) => session.id);
    expect(adminIds.indexOf(completed.id)).toBeLessThan(adminIds.indexOf(draft.id));

    const memberList = (await asOutsider({ method: 'GET', url: '/api/bid-sessions' })).json<{
      sessions: BidSession[];
    }>();
    expect(memberList.sessions.map((session) => session.id)).toContain(completed.id);
    expect(memberList.sessions.every((session) => session.status !== 'draft')).toBe(true);

    const drafts = await asOutsider({ method: 'GET', url: '/api/bid-sessions?status=draft' });
    expect(drafts.json().sessions).toEqual([]);
    const completedOnly = await asAdmin({ method: 'GET', url: '/api/bid-sessions?status=completed' });
    expect(completedOnly.json<{ sessions: BidSession[] }>().sessions.every((s) => s.status === 'completed')).toBe(true);
    const badFilter = await asAdmin({ method: 'GET', url: '/api/bid-sessions?status=waiting' });
    expect(badFilter.statusCode).toBe(400);
  });

  it('answers 404 to a member asking for a draft, and the session once it is scheduled, without its participants', async () => {
    const { session } = await createSession();
    const hidden = await asOutsider({ method: 'GET', url: `/api/bid-sessions/${session.id}` });
    expect(hidden.statusCode).toBe(404);
    await setSessionState(context.db, session.id, { status: 'scheduled' });
    const visible = await asOutsider({ method: 'GET', url: `/api/bid-sessions/${session.id}` });
    expect(visible.statusCode).toBe(200);
    // The participant list is for administrators and the session's participants (docs/security.md, finding 3).
    expect(visible.json().session).toMatchObject({ participantCount: 3, participants: [] });
    const asAdministrator = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}` });
    expect(asAdministrator.json().session.participants).toHaveLength(3);
  });

  it('answers the running session as current, before scheduled ones, with its turn holder and next', async () => {
    const { session: scheduled } = await createSession();
    await setSessionState(context.db, scheduled.id, { status: 'scheduled' });
    const { session: running } = await createSession();
    const deadline = new Date(context.clock.now().getTime() + 120_000);
    await setSessionState(context.db, running.id, {
      status: 'active',
      currentParticipant: 1,
      currentBidEnd: deadline,
      actualStart: context.clock.now(),
    });

    const response = await asOutsider({ method: 'GET', url: '/api/bid-sessions/current' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ session: BidSessionDetail; sessions: BidSession[] }>();
    expect(body.session.id).toBe(running.id);
    expect(body.session.currentBidEnd).toBe(deadline.toISOString());
    expect(body.session.currentTurn?.id).toBe(running.participants[0]?.id);
    expect(body.session.nextParticipant?.id).toBe(running.participants[1]?.id);
    const summary = body.sessions.find((session) => session.id === running.id);
    expect(summary?.currentTurn?.id).toBe(running.participants[0]?.id);
    expect(summary?.nextParticipant?.id).toBe(running.participants[1]?.id);
    expect(body.sessions.map((session) => session.id)).toContain(scheduled.id);
    await setSessionState(context.db, running.id, { status: 'completed', currentBidEnd: null });
    await setSessionState(context.db, scheduled.id, { status: 'completed' });
  });
});

describe('PUT /api/bid-sessions/:id', () => {
  const put = (id: string, payload: Record<string, unknown>) =>
    asAdmin({ method: 'PUT', url: `/api/bid-sessions/${id}`, payload });

  it('changes only the fields sent', async () => {
    const { station } = await createStationWithSeats(context.db, { B: { Engineer: 1 } });
    const { session } = await createSession({
      request: { bidWindowDuration: 9, stationIds: [station.id], eligibilityMode: 'any' },
    });
    const response = await put(session.id, { name: 'Renamed' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Bid session updated successfully');
    expect(response.json().session).toMatchObject({
      name: 'Renamed',
      bidWindowDuration: 9,
      stationIds: [station.id],
      eligibilityMode: 'any',
      description: 'Annual shift bid',
    });
  });

  it('changes a draft freely: participants are queued again, and a scheduled start schedules it', async () => {
    const {
      session,
      members: [first],
    } = await createSession();
    const senior = await createMember(context, { lastName: 'Senior', yearsOfService: 30 });
    const response = await put(session.id, {
      participantIds: [first?.id, senior.id],
      scheduledStart: new Date(context.clock.now().getTime() + 86_400_000).toISOString(),
      year: 2027,
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ session: BidSessionDetail }>().session;
    expect(updated.status).toBe('scheduled');
    expect(updated.year).toBe(2027);
    expect(updated.participants.map((participant) => participant.user.id)).toEqual([senior.id, first?.id]);
    expect(updated.participants.map((participant) => participant.bidPriority)).toEqual([1, 2]);

    const unscheduled = await put(session.id, { scheduledStart: null });
    expect(unscheduled.json().session.status).toBe('draft');
  });

  it('lets a running session change name, description, bid window and auto-assign timeout only', async () => {
    const { session } = await createSession();
    await setSessionState(context.db, session.id, {
      status: 'paused',
      currentParticipant: 1,
      pausedRemainingMs: 90_000,
    });

    const allowed = await put(session.id, {
      name: 'Live rename',
      description: 'Now live',
      bidWindowDuration: 7,
      autoAssignTimeout: 3,
      // The form sends unchanged fields too: they are not changes.
      year: session.year,
      startDate: session.startDate,
      participantIds: session.participants.map((participant) => participant.user.id),
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().session).toMatchObject({ name: 'Live rename', bidWindowDuration: 7, autoAssignTimeout: 3 });

    const refused = await put(session.id, { year: 2030, clearAssignments: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'While a session is running only its name, description, bid window and auto-assign timeout can change (not: year, clearAssignments)',
    );
    await setSessionState(context.db, session.id, { status: 'completed' });
  });

  it('refuses to change a completed session, an end before the start, and an unknown session', async () => {
    const { session } = await createSession();
    const badDates = await put(session.id, { endDate: '2026-03-01' });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().error).toBe(BID_MESSAGES.endBeforeStart);

    await setSessionState(context.db, session.id, { status: 'completed' });
    const completed = await put(session.id, { name: 'Too late' });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().error).toBe('A completed session cannot be changed');

    expect((await put(UNKNOWN_ID, { name: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('deleting sessions', () => {
  it('deletes a draft, refuses a running session, and says a completed one takes its results along', async () => {
    const { session: draft } = await createSession();
    const deleted = await asAdmin({ method: 'DELETE', url: `/api/bid-sessions/${draft.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Bid session deleted successfully');
    expect((await asAdmin({ method: 'GET', url: `/api/bid-sessions/${draft.id}` })).statusCode).toBe(404);

    const { session: running } = await createSession();
    await setSessionState(context.db, running.id, { status: 'active', currentParticipant: 1 });
    const refused = await asAdmin({ method: 'DELETE', url: `/api/bid-sessions/${running.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('An active or paused session cannot be deleted. End it first.');

    await setSessionState(context.db, running.id, { status: 'completed' });
    const completed = await asAdmin({ method: 'DELETE', url: `/api/bid-sessions/${running.id}` });
    expect(completed.json().message).toBe('Bid session deleted successfully, together with its results');
  });

  it('deletes through /admin/delete-completed-session only completed sessions', async () => {
    const { session } = await createSession();
    const remove = () =>
      asAdmin({ method: 'DELETE', url: '/api/admin/delete-completed-session', payload: { sessionId: session.id } });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Only a completed session can be deleted here');

    await setSessionState(context.db, session.id, { status: 'completed' });
    const deleted = await remove();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Completed bid session deleted successfully');
    expect((await remove()).statusCode).toBe(404);

    const malformed = await asAdmin({
      method: 'DELETE',
      url: '/api/admin/delete-completed-session',
      payload: { sessionId: 'nope' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('participants', () => {
  it('shows participants to administrators and to participants, not to other members', async () => {
    const participant = await createMember(context);
    const participantSignIn = await signIn(context, participant.email);
    const { session } = await createSession({ members: [participant, await createMember(context)] });
    await setSessionState(context.db, session.id, { status: 'scheduled' });
    const url = `/api/bid-sessions/${session.id}/participants`;

    expect((await asAdmin({ method: 'GET', url })).json().participants).toHaveLength(2);
    expect((await injectAs(context, participantSignIn, { method: 'GET', url })).statusCode).toBe(200);
    const refused = await asOutsider({ method: 'GET', url });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(BID_MESSAGES.notParticipant);
  });

  it('adds and removes members before the start, keeping the queue in seniority order without gaps', async () => {
    const { session, members: created } = await createSession({ count: 3 });
    const senior = await createMember(context, { lastName: 'MostSenior', yearsOfService: 40 });
    const url = `/api/bid-sessions/${session.id}/participants`;

    const added = await asAdmin({ method: 'POST', url, payload: { userIds: [senior.id, created[0]?.id] } });
    expect(added.statusCode).toBe(200);
    const afterAdd = added.json<{ participants: Participant[] }>().participants;
    expect(afterAdd.map((participant) => participant.user.id)).toEqual([
      senior.id,
      created[2]?.id,
      created[1]?.id,
      created[0]?.id,
    ]);
    expect(afterAdd.map((participant) => [participant.position, participant.bidPriority])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);

    const removed = await asAdmin({ method: 'DELETE', url: `${url}/${created[2]?.id}` });
    expect(removed.statusCode).toBe(200);
    const afterRemove = removed.json<{ participants: Participant[] }>().participants;
    expect(afterRemove.map((participant) => participant.user.id)).toEqual([senior.id, created[1]?.id, created[0]?.id]);
    expect(afterRemove.map((participant) => participant.position)).toEqual([0, 1, 2]);

    const notThere = await asAdmin({ method: 'DELETE', url: `${url}/${created[2]?.id}` });
    expect(notThere.statusCode).toBe(404);
    const inactive = await createMember(context, { isActive: false });
    const refusedInactive = await asAdmin({ method: 'POST', url, payload: { userIds: [inactive.id] } });
    expect(refusedInactive.statusCode).toBe(400);

    await setSessionState(context.db, session.id, { status: 'active', currentParticipant: 1 });
    const refused = await asAdmin({ method: 'POST', url, payload: { userIds: [outsider.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Participants can only be changed before the session starts');
    expect((await asAdmin({ method: 'DELETE', url: `${url}/${senior.id}` })).statusCode).toBe(409);
    await setSessionState(context.db, session.id, { status: 'completed' });
  });

  it('keeps the participants and the history naming a member who was deleted', async () => {
    const leaving = await createMember(context, { firstName: 'Lea', lastName: 'Leaving', yearsOfService: 45 });
    const { session } = await createSession({ members: [leaving, await createMember(context)] });
    await setSessionState(context.db, session.id, { status: 'completed' });
    await context.db.insert(sessionHistory).values({
      sessionId: session.id,
      action: 'turn_skipped',
      actorName: 'Lea Leaving',
      actorId: leaving.id,
      participantId: session.participants[0]?.id,
      userName: 'Lea Leaving',
      bidPriority: 1,
    });

    const deleted = await asAdmin({ method: 'DELETE', url: `/api/admin/users/${leaving.id}` });
    expect(deleted.statusCode).toBe(200);

    const participants = (await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}/participants` })).json<{
      participants: Participant[];
    }>().participants;
    expect(participants[0]?.user).toMatchObject({ id: null, _id: null, firstName: 'Lea', lastName: 'Leaving' });
    const history = (await asAdmin({ method: 'GET', url: `/api/bid-sessions/history?sessionId=${session.id}` })).json()
      .history;
    expect(history[0]).toMatchObject({ action: 'turn_skipped', userName: 'Lea Leaving', actorName: 'Lea Leaving' });
  });
});

describe('joining', () => {
  it('lets a participant join and show as connected, until they have not been seen for 2 minutes', async () => {
    const participant = await createMember(context);
    const participantSignIn = await signIn(context, participant.email);
    const { session } = await createSession({ members: [participant], request: { name: 'Night Bid' } });
    await setSessionState(context.db, session.id, { status: 'active', currentParticipant: 1 });

    const joined = await injectAs(context, participantSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${session.id}/join`,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().message).toBe('Successfully joined Night Bid');
    expect(joined.json().session.participants[0].isConnected).toBe(true);

    context.clock.advance(3 * 60_000);
    const later = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}` });
    expect(later.json().session.participants[0].isConnected).toBe(false);

    const adminJoin = await asAdmin({ method: 'POST', url: `/api/bid-sessions/${session.id}/join` });
    expect(adminJoin.statusCode).toBe(200);
    const refused = await asOutsider({ method: 'POST', url: `/api/bid-sessions/${session.id}/join` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(BID_MESSAGES.notParticipant);
    await setSessionState(context.db, session.id, { status: 'completed' });
  });

  it('answers view=summary with the message and the session without its participants, and still marks the member connected', async () => {
    const participant = await createMember(context);
    const others = await Promise.all([createMember(context), createMember(context)]);
    const participantSignIn = await signIn(context, participant.email);
    const { session } = await createSession({ members: [participant, ...others], request: { name: 'Day Bid' } });
    await setSessionState(context.db, session.id, { status: 'active', currentParticipant: 1 });

    const joined = await injectAs(context, participantSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${session.id}/join?view=summary`,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      message: 'Successfully joined Day Bid',
      session: { id: session.id, name: 'Day Bid', status: 'active', participantCount: 3 },
    });
    expect(joined.json().session).not.toHaveProperty('participants');
    expect(joined.json().session).not.toHaveProperty('availableStations');

    const asSeen = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}/participants` });
    const mine = asSeen.json().participants.find((entry: { user: { id: string } }) => entry.user.id === participant.id);
    expect(mine.isConnected).toBe(true);

    const wrongView = await injectAs(context, participantSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${session.id}/join?view=tiny`,
    });
    expect(wrongView.statusCode).toBe(400);
    expect(wrongView.json().error).toContain('view must be full or summary');
    await setSessionState(context.db, session.id, { status: 'completed' });
  });

  it('answers 404 to a member joining a draft', async () => {
    const participant = await createMember(context);
    const participantSignIn = await signIn(context, participant.email);
    const { session } = await createSession({ members: [participant] });
    const response = await injectAs(context, participantSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${session.id}/join`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("the spec client's session form (contract gap 6)", () => {
  it("accepts datetime-local times, read in the department's time zone, and takes the schedule from them", async () => {
    const chicago = await createTestContext(
      {},
      {
        delivery: {
          publicWebUrl: 'http://localhost:5000',
          departmentTimeZone: 'America/Chicago',
          email: undefined,
          sms: undefined,
        },
      },
    );
    try {
      const chief = await signIn(chicago, (await createAdmin(chicago)).email);
      const member = await createMember(chicago);
      const created = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        payload: sessionRequest([member.id], { startDate: '2026-04-01T09:00', endDate: '2026-04-02T17:30' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      // 09:00 in Chicago (CDT, UTC-5) is 14:00 UTC; the old client read 1970 from a null schedule.
      expect(created.json().session).toMatchObject({
        startDate: '2026-04-01T14:00:00.000Z',
        endDate: '2026-04-02T22:30:00.000Z',
        scheduledStart: '2026-04-01T14:00:00.000Z',
        scheduledEnd: '2026-04-02T22:30:00.000Z',
        status: 'scheduled',
      });
      const sessionId = created.json().session.id;
      const updated = await injectAs(chicago, chief, {
        method: 'PUT',
        url: `/api/bid-sessions/${sessionId}`,
        payload: { scheduledStart: '2026-04-01T10:30' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().session.scheduledStart).toBe('2026-04-01T15:30:00.000Z');

      // Dates without a time (our own form) stay a draft, as before.
      const draft = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        payload: sessionRequest([member.id]),
      });
      expect(draft.json().session).toMatchObject({ status: 'draft', scheduledStart: null });
    } finally {
      await chicago.close();
    }
  });

  it("creates a session from the spec client's form (scheduledStart/scheduledEnd, no dates) with the schedule's days in the department's time zone, and says what is missing when neither is given", async () => {
    const chicago = await createTestContext(
      {},
      {
        delivery: {
          publicWebUrl: 'http://localhost:5000',
          departmentTimeZone: 'America/Chicago',
          email: undefined,
          sms: undefined,
        },
      },
    );
    try {
      const chief = await signIn(chicago, (await createAdmin(chicago)).email);
      const member = await createMember(chicago);
      const { startDate: _start, endDate: _end, ...withoutDates } = sessionRequest([member.id]);
      const created = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        // 21:30 in Chicago is 02:30 UTC the next day: the day is Chicago's.
        payload: { ...withoutDates, scheduledStart: '2026-04-01T21:30', scheduledEnd: '2026-04-03T20:00' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().session).toMatchObject({
        status: 'scheduled',
        scheduledStart: '2026-04-02T02:30:00.000Z',
        scheduledEnd: '2026-04-04T01:00:00.000Z',
        startDate: '2026-04-01T00:00:00.000Z',
        endDate: '2026-04-03T00:00:00.000Z',
      });
      // An ISO time with an offset, as a client may send it, reads alike.
      const withOffset = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        payload: { ...withoutDates, scheduledStart: '2026-05-02T03:00:00.000Z', scheduledEnd: '2026-05-02T23:00:00Z' },
      });
      expect(withOffset.statusCode, withOffset.body).toBe(201);
      expect(withOffset.json().session).toMatchObject({
        startDate: '2026-05-01T00:00:00.000Z',
        endDate: '2026-05-02T00:00:00.000Z',
      });

      const neither = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        payload: withoutDates,
      });
      expect(neither.statusCode).toBe(400);
      expect(neither.json().error).toContain(BID_MESSAGES.startDateOrScheduleRequired);
      const noEnd = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        payload: { ...withoutDates, scheduledStart: '2026-04-01T21:30' },
      });
      expect(noEnd.statusCode).toBe(400);
      expect(noEnd.json().error).toContain(BID_MESSAGES.endDateOrScheduleRequired);
      const endFirst = await injectAs(chicago, chief, {
        method: 'POST',
        url: '/api/bid-sessions',
        payload: {
          ...withoutDates,
          startDate: '2026-04-10',
          scheduledStart: '2026-04-01T21:30',
          scheduledEnd: '2026-04-03T20:00',
        },
      });
      expect(endFirst.statusCode).toBe(400);
      expect(endFirst.json().error).toContain(BID_MESSAGES.endBeforeStart);
    } finally {
      await chicago.close();
    }
  });
});
