/**
 * What each reader reads of a session's participants (docs/security.md, 3 and 17; the rule is
 * session-engine/session-access.ts): a member who takes no part reads the turn holder and the next
 * in line as public facts only, a participant reads every participant's public facts and their own
 * entry whole, administrators read everyone whole. Checked on the answers a caller gets, in
 * GET /:id, the list (full and summary), /current (full and summary), /users/bid-status, join, and
 * the bid's answer. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, type MemberRow, startSession } from '../session-engine/test-sessions.ts';

/** The keys of a participant's public facts (publicParticipantSchema), and of their `user`. */
const PUBLIC_KEYS = [
  '_id',
  'assignedPosition',
  'assignedShift',
  'assignedStation',
  'bidPriority',
  'hasBid',
  'id',
  'isCurrentTurn',
  'movedToBack',
  'outcome',
  'position',
  // The round follows from the rank, which is public too.
  'round',
  'user',
];
const PUBLIC_USER_KEYS = ['_id', 'firstName', 'id', 'lastName', 'rank'];

type Entry = { user: Record<string, unknown> } & Record<string, unknown>;
type SessionAnswer = {
  id: string;
  currentTurn: Entry | null;
  nextParticipant: Entry | null;
  participants?: Entry[];
  completedBids: number;
};

const keysOf = (value: object) => Object.keys(value).sort();
const expectPublic = (entry: Entry | null | undefined) => {
  expect(entry).toBeTruthy();
  expect(keysOf(entry as Entry)).toEqual(PUBLIC_KEYS);
  expect(keysOf((entry as Entry).user)).toEqual(PUBLIC_USER_KEYS);
};
const expectWhole = (entry: Entry | null | undefined) => {
  expect(entry?.user).toHaveProperty('employeeId');
  expect(entry).toHaveProperty('timeWindow');
  expect(entry).toHaveProperty('seniorityScore');
};

let context: TestContext;
let admin: SignedIn;
let sessionId: string;
let stationId: string;
/** In queue order: first (has bid), second (holds the turn), third (next), fourth (waiting). */
let rows: MemberRow[];
let people: SignedIn[];
let outsider: SignedIn;
let outsiderRow: MemberRow;

const get = (who: SignedIn, url: string) => injectAs(context, who, { method: 'GET', url });
const fromList = (body: { sessions: SessionAnswer[] }) => body.sessions.find((session) => session.id === sessionId);
const person = (index: number) => {
  const found = people[index];
  if (!found) throw new Error(`no person ${index}`);
  return found;
};
const row = (index: number) => {
  const found = rows[index];
  if (!found) throw new Error(`no row ${index}`);
  return found;
};

/** No employee ID, e-mail or phone of anyone but `self` anywhere in the answer. */
function expectNoDetailsOfOthers(body: string, self: MemberRow | null) {
  for (const other of rows) {
    if (other.id === self?.id) continue;
    expect(body).not.toContain(other.employeeId);
    expect(body).not.toContain(other.email);
    expect(body).not.toContain(other.phone as string);
  }
}

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  rows = [];
  for (const [index, years] of [30, 20, 10, 5].entries()) {
    rows.push(
      await createMember(context, {
        firstName: 'Reader',
        lastName: `No${index + 1}`,
        yearsOfService: years,
        employeeId: `EMP-SECRET-${index + 1}`,
        phone: `555-010${index + 1}`,
      }),
    );
  }
  people = [];
  for (const member of rows) people.push(await signIn(context, member.email));
  outsiderRow = await createMember(context, { firstName: 'Not', lastName: 'Bidding' });
  outsider = await signIn(context, outsiderRow.email);
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 4 } });
  stationId = station.id;
  sessionId = await startSession(context, admin, {
    participantIds: rows.map((member) => member.id),
    stationIds: [stationId],
  });
  const bid = await injectAs(context, person(0), {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData: { station: stationId, shift: 'A', position: 'Firefighter' } },
  });
  expect(bid.statusCode, bid.body).toBe(200);
});
afterAll(async () => context?.close());

describe('a member who takes no part (docs/security.md, 17)', () => {
  it('reads the turn holder and the next in line as name, rank and place only in GET /:id, the list, /current and /users/bid-status', async () => {
    const detail = await get(outsider, `/api/bid-sessions/${sessionId}`);
    expect(detail.statusCode).toBe(200);
    const { session } = detail.json<{ session: SessionAnswer }>();
    expectPublic(session.currentTurn);
    expectPublic(session.nextParticipant);
    expect(session.currentTurn).toMatchObject({
      user: { id: row(1).id, firstName: 'Reader', lastName: 'No2', rank: 'Firefighter' },
      position: 1,
      isCurrentTurn: true,
    });
    expect(session.nextParticipant).toMatchObject({ user: { lastName: 'No3' }, position: 2 });
    expect(session.participants).toEqual([]);
    expectNoDetailsOfOthers(detail.body, null);

    for (const url of ['/api/bid-sessions', '/api/bid-sessions?view=summary']) {
      const list = await get(outsider, url);
      const listed = fromList(list.json());
      expectPublic(listed?.currentTurn);
      expectPublic(listed?.nextParticipant);
      expectNoDetailsOfOthers(list.body, null);
    }
    expect(fromList((await get(outsider, '/api/bid-sessions')).json())?.participants).toEqual([]);

    for (const url of ['/api/bid-sessions/current', '/api/bid-sessions/current?view=summary']) {
      const current = await get(outsider, url);
      expect(current.statusCode).toBe(200);
      const body = current.json<{ session: SessionAnswer; sessions: SessionAnswer[] }>();
      expect(body.session.id).toBe(sessionId);
      expectPublic(body.session.currentTurn);
      expectPublic(body.session.nextParticipant);
      for (const listed of body.sessions) expectPublic(listed.currentTurn);
      expectNoDetailsOfOthers(current.body, null);
    }

    const status = await get(outsider, '/api/users/bid-status');
    expect(status.json()).toMatchObject({ position: null, isUserTurn: false, session: { id: sessionId } });
    expectPublic(status.json().session.currentTurn);
    expectPublic(status.json().session.nextParticipant);
    expectNoDetailsOfOthers(status.body, null);
  });

  it('still gets a 304 on GET /:id for the answer it holds, and the administrators read everyone whole', async () => {
    const first = await get(outsider, `/api/bid-sessions/${sessionId}`);
    const again = await injectAs(context, outsider, {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const asAdmin = (await get(admin, `/api/bid-sessions/${sessionId}`)).json<{ session: SessionAnswer }>().session;
    expectWhole(asAdmin.currentTurn);
    expectWhole(asAdmin.nextParticipant);
    expect(asAdmin.participants).toHaveLength(4);
    for (const entry of asAdmin.participants ?? []) expectWhole(entry);
    const listed = fromList((await get(admin, '/api/bid-sessions')).json());
    expectWhole(listed?.currentTurn);
    for (const entry of listed?.participants ?? []) expectWhole(entry);
  });
});

describe('a participant (docs/security.md, 17)', () => {
  it("lists every participant's public facts, with how they did and the seat they took, and their own entry whole", async () => {
    const third = row(2);
    const list = await get(person(2), '/api/bid-sessions');
    const listed = fromList(list.json());
    const participants = listed?.participants ?? [];
    // The spec's turn panel: "1 of 4 completed", not "1 of 1".
    expect(participants).toHaveLength(4);
    expect(listed?.completedBids).toBe(1);
    expect(participants.filter((entry) => entry.hasBid)).toHaveLength(1);
    const [first, second, own, fourth] = participants;
    expectPublic(first);
    expect(first).toMatchObject({
      user: { firstName: 'Reader', lastName: 'No1', rank: 'Firefighter' },
      position: 0,
      hasBid: true,
      outcome: 'bid',
      assignedStation: { id: stationId },
      assignedShift: 'A',
      assignedPosition: 'Firefighter',
    });
    expectPublic(second);
    expect(second).toMatchObject({ isCurrentTurn: true, hasBid: false, outcome: null });
    expectWhole(own);
    expect(own?.user).toMatchObject({ id: third.id, employeeId: third.employeeId });
    expectPublic(fourth);
    // The turn holder is someone else: public facts; the next in line is the member: whole.
    expectPublic(listed?.currentTurn);
    expectWhole(listed?.nextParticipant);
    expectNoDetailsOfOthers(list.body, third);
  });

  it('reads GET /:id, /current, bid status and join with the same rule: the others public, their own entry whole', async () => {
    const fourth = row(3);
    const detail = await get(person(3), `/api/bid-sessions/${sessionId}`);
    const { session } = detail.json<{ session: SessionAnswer }>();
    expect(session.participants).toHaveLength(4);
    for (const entry of session.participants ?? []) {
      if (entry.user.id === fourth.id) expectWhole(entry);
      else expectPublic(entry);
    }
    expectPublic(session.currentTurn);
    expectPublic(session.nextParticipant);
    expectNoDetailsOfOthers(detail.body, fourth);
    // Another participant holding this one's ETag gets their own answer.
    const other = await injectAs(context, person(2), {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}`,
      headers: { 'if-none-match': detail.headers.etag as string },
    });
    expect(other.statusCode).toBe(200);
    expectNoDetailsOfOthers(other.body, row(2));

    const current = await get(person(3), '/api/bid-sessions/current');
    expect(current.json().session.participants).toHaveLength(4);
    expectNoDetailsOfOthers(current.body, fourth);

    // The turn holder reads themselves whole as the turn holder, and the next in line public.
    const status = (await get(person(1), '/api/users/bid-status')).json();
    expect(status).toMatchObject({ position: 1, isUserTurn: true });
    expectWhole(status.session.currentTurn);
    expectPublic(status.session.nextParticipant);

    const joined = await injectAs(context, person(3), { method: 'POST', url: `/api/bid-sessions/${sessionId}/join` });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().session.participants).toHaveLength(4);
    expectNoDetailsOfOthers(joined.body, fourth);
  });

  it("answers the member's own bid with the session as they read it: the next in line's public facts", async () => {
    const response = await injectAs(context, person(1), {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId, bidData: { station: stationId, shift: 'A', position: 'Firefighter' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expectPublic(response.json().session.currentTurn);
    expectNoDetailsOfOthers(response.body, row(1));
  });
});
