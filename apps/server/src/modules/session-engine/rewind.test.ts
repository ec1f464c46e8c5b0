/**
 * A rewind through the API (bidding-rules.md, "Rewind"): the preview names who would be affected,
 * the rewind undoes their turns with the reason told on their channels, the undone awards stay in
 * the history marked, bidding begins again from the member, and the record still verifies. A
 * seniority date corrected during the session names the senior-most member whose place moved, and
 * the rewind from them bids in the corrected order. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { BidSessionDetail, RewindPreview, SessionHistoryEntry } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyRecordText } from '../../../../../packages/verify/src/verify-record.ts';
import { members, notifications, outbox } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats, readCurrentSeatId } from './test-sessions.ts';

let context: TestContext;
let adminEmail: string;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email;
});
afterAll(async () => context?.close());
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
});

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (who: SignedIn, url: string) => injectAs(context, who, { method: 'GET', url });

async function readSession(sessionId: string): Promise<BidSessionDetail> {
  const response = await get(admin, `/api/bid-sessions/${sessionId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ session: BidSessionDetail }>().session;
}

/** Hale, Quinn and Ortiz, most senior first; Station N has one A-shift and one B-shift Firefighter seat. */
async function runningSession(extra: Partial<typeof members.$inferInsert>[] = []) {
  const people = [];
  for (const values of [
    { firstName: 'Avery', lastName: 'Hale', yearsOfService: 25, hireDate: '2001-03-01' },
    { firstName: 'Blair', lastName: 'Quinn', yearsOfService: 15, hireDate: '2011-03-01' },
    { firstName: 'Casey', lastName: 'Ortiz', yearsOfService: 5, hireDate: '2021-03-01' },
    ...extra,
  ]) {
    const member = await createMember(context, values);
    people.push({ ...member, signedIn: await signIn(context, member.email) });
  }
  const { station, seats } = await createStationWithSeats(context.db, {
    A: { Firefighter: 1 },
    B: { Firefighter: 1 },
    C: { Firefighter: 2 },
  });
  const session = await createSession(context, admin, {
    participantIds: people.map((person) => person.id),
    stationIds: [station.id],
  });
  expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);
  const bid = (who: SignedIn, shift: string, userId?: string) =>
    post(who, '/api/bid-sessions/submit-bid', {
      sessionId: session.id,
      bidData: { station: station.id, shift, position: 'Firefighter' },
      ...(userId ? { userId } : {}),
    });
  return { people, station, seats, sessionId: session.id, bid };
}

describe('a rewind', () => {
  it('previews who it affects, undoes their turns with the reason told, and bids again from the member', async () => {
    const { people, seats, sessionId, bid } = await runningSession();
    const [hale, quinn, ortiz] = people as [(typeof people)[number], (typeof people)[number], (typeof people)[number]];
    expect((await bid(hale.signedIn, 'A')).statusCode).toBe(200);
    // The phone-in bid for Quinn goes to B shift; Quinn asked for C shift.
    expect((await bid(admin, 'B', quinn.id)).statusCode).toBe(200);
    expect((await readSession(sessionId)).currentTurn?.user.id).toBe(ortiz.id);

    const preview = await get(admin, `/api/bid-sessions/${sessionId}/rewind-preview?toUserId=${quinn.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const { preview: body } = preview.json<{ preview: RewindPreview }>();
    expect(body.refusal).toBeNull();
    expect(body.resumesWith).toEqual({ userId: quinn.id, name: 'Blair Quinn' });
    expect(body.affected.map((entry) => [entry.name, entry.outcome, entry.seat?.shift ?? null])).toEqual([
      ['Blair Quinn', 'proxy_bid', 'B'],
      ['Casey Ortiz', null, null],
    ]);
    expect(body.corrections).toEqual([]);

    const rewound = await post(admin, `/api/bid-sessions/${sessionId}/rewind`, {
      toUserId: quinn.id,
      reason: 'The phone-in bid went to B shift; Blair asked for C shift',
    });
    expect(rewound.statusCode, rewound.body).toBe(200);
    expect(rewound.json().message).toBe('Bid rewound: 2 turns undone, everyone affected told');
    const session = await readSession(sessionId);
    expect(session.currentTurn?.user.id).toBe(quinn.id);
    expect(await readCurrentSeatId(context.db, quinn.id)).toBeNull();
    const bSeat = seats.find((seat) => seat.shift === 'B');

    // Told on their channels, with the reason: in the app and by e-mail.
    for (const person of [quinn, ortiz]) {
      const told = await context.db.select().from(notifications).where(eq(notifications.memberId, person.id));
      expect(told.map((row) => row.title)).toContain('Bid rewound');
      const mail = await context.db.select().from(outbox).where(eq(outbox.memberId, person.id));
      const undone = mail.find((row) => row.kind === 'turn_undone');
      expect(undone?.textBody).toContain('The reason given: The phone-in bid went to B shift; Blair asked for C shift');
    }
    expect(
      (await context.db.select().from(notifications).where(eq(notifications.memberId, quinn.id))).find(
        (row) => row.title === 'Bid rewound',
      )?.message,
    ).toContain('your award of Station');

    // Quinn bids what they asked for; the B seat is free again for Ortiz.
    expect((await bid(quinn.signedIn, 'C')).statusCode).toBe(200);
    expect((await bid(ortiz.signedIn, 'B')).statusCode).toBe(200);
    expect(await readCurrentSeatId(context.db, ortiz.id)).toBe(bSeat?.id);
    expect((await readSession(sessionId)).status).toBe('completed');

    // The undone award stays in the history, marked; the board's picks show only what stands.
    const history = (await get(admin, `/api/bid-sessions/history?sessionId=${sessionId}`)).json<{
      history: SessionHistoryEntry[];
    }>().history;
    const quinnAwards = history.filter((entry) => entry.userName === 'Blair Quinn' && entry.action === 'bid_submitted');
    expect(quinnAwards.map((entry) => [entry.shift, entry.undone ?? false])).toEqual([
      ['B', true],
      ['C', false],
    ]);
    expect(history.find((entry) => entry.action === 'session_rewound')?.details).toBe(
      "Bid rewound to Blair Quinn's turn by Alex Admin: The phone-in bid went to B shift; Blair asked for C shift",
    );

    // The record replays the rewind.
    const record = await get(admin, `/api/bid-sessions/${sessionId}/record`);
    expect(record.statusCode, record.body).toBe(200);
    const verified = await verifyRecordText(record.body);
    expect(verified.ok, verified.ok ? '' : verified.reason).toBe(true);
    if (verified.ok) expect(verified.record.commands.map((command) => command.type)).toContain('rewind');
  });

  it('reopens a completed session from the member', async () => {
    const { people, sessionId, bid } = await runningSession();
    const [hale, quinn, ortiz] = people as [(typeof people)[number], (typeof people)[number], (typeof people)[number]];
    expect((await bid(hale.signedIn, 'A')).statusCode).toBe(200);
    expect((await bid(quinn.signedIn, 'B')).statusCode).toBe(200);
    expect((await bid(ortiz.signedIn, 'C')).statusCode).toBe(200);
    expect((await readSession(sessionId)).status).toBe('completed');
    const recordBefore = await get(admin, `/api/bid-sessions/${sessionId}/record`);
    expect(recordBefore.statusCode, recordBefore.body).toBe(200);

    const rewound = await post(admin, `/api/bid-sessions/${sessionId}/rewind`, {
      toUserId: ortiz.id,
      reason: 'Casey meant A shift',
    });
    expect(rewound.statusCode, rewound.body).toBe(200);
    const session = await readSession(sessionId);
    expect(session.status).toBe('active');
    expect(session.currentTurn?.user.id).toBe(ortiz.id);

    // Completed again: its record is the new one, with the rewind, not the file kept before it.
    expect((await bid(ortiz.signedIn, 'C')).statusCode).toBe(200);
    expect((await readSession(sessionId)).status).toBe('completed');
    const recordAfter = await get(admin, `/api/bid-sessions/${sessionId}/record`);
    expect(recordAfter.body).not.toBe(recordBefore.body);
    const verified = await verifyRecordText(recordAfter.body);
    expect(verified.ok).toBe(true);
    if (verified.ok) expect(verified.record.commands.map((command) => command.type)).toContain('rewind');
  });

  it('answers a clear refusal to bad input, to members, and before the start', async () => {
    const { people, sessionId, bid } = await runningSession();
    const [hale, quinn] = people as [(typeof people)[number], (typeof people)[number]];
    expect((await bid(hale.signedIn, 'A')).statusCode).toBe(200);
    const url = `/api/bid-sessions/${sessionId}/rewind`;

    const noReason = await post(admin, url, { toUserId: hale.id, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toContain('Say why the bid is rewound');
    const stranger = await createMember(context);
    const notInIt = await post(admin, url, { toUserId: stranger.id, reason: 'wrong seat' });
    expect(notInIt.statusCode).toBe(404);
    expect(notInIt.json().error).toBe('That member is not a participant in this session');
    expect((await post(quinn.signedIn, url, { toUserId: hale.id, reason: 'me first' })).statusCode).toBe(403);
    const notYet = await post(admin, url, { toUserId: people[2]?.id, reason: 'wrong seat' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toBe("Nothing to rewind: this member's turn has not come yet, and no place has moved");

    const draft = await createSession(context, admin, { participantIds: [hale.id] });
    const beforeStart = await post(admin, `/api/bid-sessions/${draft.id}/rewind`, { toUserId: hale.id, reason: 'x' });
    expect(beforeStart.statusCode).toBe(409);
    expect(beforeStart.json().error).toBe('Only a session that has started can be rewound');
  });

  describe('after a seniority date is corrected during the session', () => {
    it('names the senior-most member whose place moved, and bids again in the corrected order', async () => {
      const saved = await injectAs(context, admin, {
        method: 'PUT',
        url: '/api/admin/seniority-rule',
        payload: { keys: [{ key: 'hireDate', direction: 'asc' }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { people, sessionId, bid } = await runningSession();
      const [hale, quinn, ortiz] = people as [
        (typeof people)[number],
        (typeof people)[number],
        (typeof people)[number],
      ];
      expect((await bid(hale.signedIn, 'A')).statusCode).toBe(200);
      expect((await bid(quinn.signedIn, 'B')).statusCode).toBe(200);
      // Ortiz was hired in 2006, not 2021: senior to Quinn.
      await context.db.update(members).set({ hireDate: '2006-03-01' }).where(eq(members.id, ortiz.id));

      const moved = await get(admin, `/api/bid-sessions/${sessionId}/rewind-preview`);
      expect(moved.statusCode, moved.body).toBe(200);
      const { preview } = moved.json<{ preview: RewindPreview }>();
      expect(preview.seniorMostMoved).toEqual({ userId: ortiz.id, name: 'Casey Ortiz', from: 3, to: 2 });
      const tooLate = await get(admin, `/api/bid-sessions/${sessionId}/rewind-preview?toUserId=${quinn.id}`);
      expect(tooLate.json<{ preview: RewindPreview }>().preview.refusal).toContain(
        "Rewind to Casey Ortiz's turn instead",
      );

      const rewound = await post(admin, `/api/bid-sessions/${sessionId}/rewind`, {
        toUserId: ortiz.id,
        reason: "Casey's hire date was wrong",
      });
      expect(rewound.statusCode, rewound.body).toBe(200);
      const session = await readSession(sessionId);
      expect(session.currentTurn?.user.id).toBe(ortiz.id);
      expect((await bid(ortiz.signedIn, 'B')).statusCode).toBe(200);
      expect((await readSession(sessionId)).currentTurn?.user.id).toBe(quinn.id);

      const record = await get(admin, `/api/bid-sessions/${sessionId}/record`);
      const verified = await verifyRecordText(record.body);
      expect(verified.ok, verified.ok ? '' : verified.reason).toBe(true);
    });
  });
});
