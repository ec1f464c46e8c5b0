/**
 * A vacancy bid through the API (bidding-rules.md, "Vacancy bids"): created with the seats that
 * opened and the members eligible, each move opening the seat left and offering it from the top,
 * ending when everyone left passed; its record verifies. Bad requests are refused with a message a
 * person can act on. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { BidSessionDetail, SessionHistoryEntry } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyRecordText } from '../../../../../packages/verify/src/verify-record.ts';
import { members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, sessionRequest } from './test-sessions.ts';

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

/**
 * Stations 2, 4 and 5 (numbered as created) with one B-shift Firefighter seat each, held by Hale,
 * Quinn and Ortiz (most senior first), and Station 7's, free.
 */
async function department() {
  const stations = [];
  for (let index = 0; index < 4; index += 1) {
    stations.push(await createStationWithSeats(context.db, { B: { Firefighter: 1 } }));
  }
  const [held2, held4, held5, open7] = stations.map(({ station, seats }) => ({ station, seat: seats[0] })) as {
    station: (typeof stations)[number]['station'];
    seat: NonNullable<(typeof stations)[number]['seats'][number]>;
  }[];
  if (!held2 || !held4 || !held5 || !open7) throw new Error('the stations were not created');
  const people = [];
  for (const [values, held] of [
    [{ firstName: 'Avery', lastName: 'Hale', yearsOfService: 25 }, held2],
    [{ firstName: 'Blair', lastName: 'Quinn', yearsOfService: 15 }, held4],
    [{ firstName: 'Casey', lastName: 'Ortiz', yearsOfService: 5 }, held5],
  ] as const) {
    const member = await createMember(context, { ...values, currentSeatId: held.seat.id });
    people.push({ ...member, signedIn: await signIn(context, member.email) });
  }
  return { people, held2, held4, held5, open7 };
}

const vacancyRequest = (participantIds: string[], openSeats: unknown[], extra: Record<string, unknown> = {}) =>
  sessionRequest(participantIds, { name: 'Vacancy: Station 7 B', type: 'vacancy', openSeats, ...extra });

describe('a vacancy bid', () => {
  it('offers the open seat, then each seat a move leaves from the top, and ends when everyone left passes', async () => {
    const { people, held2, held4, held5, open7 } = await department();
    const [hale, quinn, ortiz] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const created = await post(
      admin,
      '/api/bid-sessions',
      vacancyRequest(
        people.map((person) => person.id),
        [{ stationId: open7.station.id, shift: 'B', position: 'Firefighter' }],
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json<{ session: BidSessionDetail }>().session;
    expect(session.type).toBe('vacancy');
    expect(session.openSeats).toEqual([
      expect.objectContaining({ seatId: open7.seat.id, stationNumber: open7.station.number, shift: 'B' }),
    ]);
    expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);

    const bid = (who: SignedIn, stationId: string) =>
      post(who, '/api/bid-sessions/submit-bid', {
        sessionId: session.id,
        bidData: { station: stationId, shift: 'B', position: 'Firefighter' },
      });
    const turnHolder = async () =>
      (await get(admin, `/api/bid-sessions/${session.id}`)).json<{ session: BidSessionDetail }>().session.currentTurn
        ?.user.id;

    // A seat someone holds is not open.
    const notOpen = await bid(hale.signedIn, held4.station.id);
    expect(notOpen.statusCode).toBe(409);
    expect((await bid(hale.signedIn, open7.station.id)).statusCode).toBe(200);
    // Station 2 opened: offered from the top, to those who have not moved.
    expect(await turnHolder()).toBe(quinn.id);
    expect((await bid(quinn.signedIn, held2.station.id)).statusCode).toBe(200);
    expect(await turnHolder()).toBe(ortiz.id);
    const passed = await post(ortiz.signedIn, '/api/bid-sessions/skip-turn', { sessionId: session.id });
    expect(passed.statusCode, passed.body).toBe(200);

    const ended = (await get(admin, `/api/bid-sessions/${session.id}`)).json<{ session: BidSessionDetail }>().session;
    expect(ended.status).toBe('completed');
    const seatOf = async (memberId: string) =>
      (await context.db.select().from(members).where(eq(members.id, memberId)))[0]?.currentSeatId;
    expect([await seatOf(hale.id), await seatOf(quinn.id), await seatOf(ortiz.id)]).toEqual([
      open7.seat.id,
      held2.seat.id,
      held5.seat.id,
    ]);

    // The history names each move's opened seat; the record replays the chain.
    const { history } = (await get(admin, `/api/bid-sessions/history?sessionId=${session.id}`)).json<{
      history: SessionHistoryEntry[];
    }>();
    expect(history.filter((entry) => entry.action === 'bid_submitted').map((entry) => entry.details)).toEqual([
      `Bid by Avery Hale: Station ${open7.station.number}, shift B, Firefighter; opened Station ${held2.station.number}, shift B, Firefighter`,
      `Bid by Blair Quinn: Station ${held2.station.number}, shift B, Firefighter; opened Station ${held4.station.number}, shift B, Firefighter`,
    ]);
    // The board shows the chain: each pick with the seat it opened, newest first.
    const board = (await get(ortiz.signedIn, `/api/bid-sessions/${session.id}/board`)).json<{
      board: { recentPicks: { name: string; station: { number: number }; opened?: { station: { number: number } } }[] };
    }>().board;
    expect(board.recentPicks.map((pick) => [pick.name, pick.station.number, pick.opened?.station.number])).toEqual([
      ['Blair Quinn', held2.station.number, held4.station.number],
      ['Avery Hale', open7.station.number, held2.station.number],
    ]);
    const record = await get(admin, `/api/bid-sessions/${session.id}/record`);
    expect(record.statusCode, record.body).toBe(200);
    const verified = await verifyRecordText(record.body);
    expect(verified.ok, verified.ok ? '' : verified.reason).toBe(true);
  });

  it('refuses what a vacancy bid cannot be, saying what to do', async () => {
    const { people, held4, open7 } = await department();
    const ids = people.map((person) => person.id);
    const refusal = async (body: Record<string, unknown>) => {
      const response = await post(admin, '/api/bid-sessions', body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ error: string }>().error;
    };
    expect(await refusal(vacancyRequest(ids, []))).toContain('needs at least one open seat');
    expect(
      await refusal(vacancyRequest(ids, [{ stationId: held4.station.id, shift: 'B', position: 'Firefighter' }])),
    ).toBe(
      `Station ${held4.station.number} has no free B-shift Firefighter seat to open: a seat someone holds opens when they move`,
    );
    // Two open seats of a station that has one.
    const seat7 = { stationId: open7.station.id, shift: 'B', position: 'Firefighter' };
    expect(await refusal(vacancyRequest(ids, [seat7, seat7]))).toContain('has no free B-shift Firefighter seat');
    expect(await refusal(sessionRequest(ids, { openSeats: [seat7] }))).toContain('Open seats belong to a vacancy bid');
    expect(
      await refusal(
        vacancyRequest(ids, [seat7], { rounds: [{ name: 'Officers', ranks: ['Captain'], bidWindowDuration: 5 }] }),
      ),
    ).toContain('A vacancy bid has no rounds');
    expect(await refusal(vacancyRequest(ids, [{ ...seat7, shift: 'D' }]))).toContain(
      'Choose the shift of each open seat',
    );
  });

  it('has no back of the queue and cannot be rewound', async () => {
    const { people, open7 } = await department();
    const [hale] = people as [(typeof people)[0]];
    const created = await post(
      admin,
      '/api/bid-sessions',
      vacancyRequest(
        people.map((person) => person.id),
        [{ stationId: open7.station.id, shift: 'B', position: 'Firefighter' }],
      ),
    );
    const sessionId = created.json<{ session: BidSessionDetail }>().session.id;
    expect((await post(admin, `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);
    const moved = await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`, { userId: hale.id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<{ error: string }>().error).toContain('A vacancy bid has no back of the queue');
    const rewound = await post(admin, `/api/bid-sessions/${sessionId}/rewind`, { toUserId: hale.id, reason: 'test' });
    expect(rewound.statusCode).toBe(409);
    expect(rewound.json<{ error: string }>().error).toContain('A vacancy bid cannot be rewound');
  });
});
