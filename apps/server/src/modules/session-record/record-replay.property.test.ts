/**
 * The replay test of the session record: random small departments (members of random ranks and years, some
 * holding seats, some with ranked lists; stations with random seats) play random command sequences
 * through the real server (bids for free and taken seats, phone-in bids, expired turns with and
 * without ranked lists, skips, pauses and resumes, moves to the back, rewinds, sometimes an early end), then
 * the session's record is exported from `GET /api/bid-sessions/:id/record` and checked by the
 * verifier `stationbid-verify` runs (verifyRecord: signature, chain, replay through the engine,
 * every award and every reason). The results call must give the same reasons, and one character
 * changed anywhere in the exported file must make the verifier refuse it.
 *
 * PGlite, and PostgreSQL with TEST_DATABASE_URL. 20 runs of at most 5 members and 2 stations.
 */
import {
  type BidSessionDetail,
  type EligibilityMode,
  RANKS,
  SEAT_POSITIONS,
  type SeatPosition,
  type SessionResults,
  SHIFTS,
  type Shift,
  type TieBreakLink,
} from '@stationbid/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The verifier's own check, as the CLI runs it (packages/verify has no dependency on the server).
import { verifyRecordText } from '../../../../../packages/verify/src/verify-record.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats } from '../session-engine/test-sessions.ts';
import { reasonAboutMember } from '../session-room/session-results-presenter.ts';

const MINUTE = 60_000;
const RUNS = 20;
/** REPLAY_SEED=<n> replays other departments; the default is one whose runs cover every command and outcome. */
const REPLAY_SEED = Number(process.env.REPLAY_SEED ?? 1);

let context: TestContext;
let admin: Person;

/**
 * Someone who signs in when first needed and again once their access token may have expired:
 * tokens expire on the manual clock, which runs on with every turn. Signing in lazily also keeps
 * the runs fast (a password check is the slowest thing a run does).
 */
interface Person {
  id: string;
  email: string;
  auth?: { signedIn: SignedIn; at: number };
}

async function authOf(person: Person): Promise<SignedIn> {
  const now = context.clock.now().getTime();
  if (!person.auth || now - person.auth.at > 5 * MINUTE) {
    person.auth = { signedIn: await signIn(context, person.email), at: now };
  }
  return person.auth.signedIn;
}

beforeAll(async () => {
  context = await createTestContext(
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
  const row = await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' });
  admin = { id: row.id, email: row.email };
});
afterAll(async () => context?.close());

// ---------------------------------------------------------------------------------------------
// What fast-check draws

const seatKindArb = fc.record({
  shift: fc.constantFrom<Shift>(...SHIFTS),
  position: fc.constantFrom<SeatPosition>(...SEAT_POSITIONS),
  count: fc.integer({ min: 1, max: 2 }),
});

const memberArb = fc.record({
  rank: fc.constantFrom(...RANKS),
  yearsOfService: fc.integer({ min: 0, max: 30 }),
  /** A seat (by index among the run's seats) held before the session. */
  holdsSeat: fc.option(fc.nat(), { freq: 2 }),
  autoBid: fc.boolean(),
  /** Ranked choices, by index among the run's seat kinds. */
  choices: fc.array(fc.nat(), { maxLength: 3 }),
  preferredShift: fc.option(fc.constantFrom<Shift>(...SHIFTS)),
});

const actionArb = fc.record({
  kind: fc.constantFrom('bid', 'bid', 'bid', 'proxy', 'expire', 'expire', 'skip', 'pause', 'move', 'rewind'),
  /** Which seat kind a bid asks for (free or taken), or how long a pause lasts. */
  pick: fc.nat(),
});

const departmentArb = fc.record({
  members: fc.array(memberArb, { minLength: 1, maxLength: 5 }),
  stations: fc.array(fc.array(seatKindArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }),
  /** A seat held by a member who does not take part. */
  outsiderHolds: fc.option(fc.nat()),
  eligibilityMode: fc.constantFrom<EligibilityMode>('rank', 'any'),
  clearAssignments: fc.boolean(),
  tieBreakChain: fc.constantFrom<TieBreakLink[]>(
    ['yearsOfService', 'employeeId'],
    ['employeeId'],
    ['yearsOfService', 'random'],
  ),
  actions: fc.array(actionArb, { maxLength: 14 }),
  endEarly: fc.boolean(),
  /** Where one character of the exported record is changed, as a fraction of its length. */
  tamperAt: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
});
type Department = typeof departmentArb extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// Playing one department through the API

interface SeatKind {
  stationId: string;
  shift: Shift;
  position: SeatPosition;
}

/** Members, stations and seats of one run, written as an administrator would have them. */
async function buildDepartment(department: Department) {
  const seatIds: string[] = [];
  const kinds: SeatKind[] = [];
  const stationIds: string[] = [];
  for (const layoutKinds of department.stations) {
    const layout: Partial<Record<Shift, Partial<Record<SeatPosition, number>>>> = {};
    for (const kind of layoutKinds) layout[kind.shift] = { ...layout[kind.shift], [kind.position]: kind.count };
    const { station, seats } = await createStationWithSeats(context.db, layout);
    stationIds.push(station.id);
    seatIds.push(...seats.map((seat) => seat.id));
    for (const [shift, positions] of Object.entries(layout)) {
      for (const position of Object.keys(positions ?? {})) {
        kinds.push({ stationId: station.id, shift: shift as Shift, position: position as SeatPosition });
      }
    }
  }
  const held = new Set<string>();
  const takeSeat = (index: number | null) => {
    if (index === null) return null;
    const seatId = seatIds[index % seatIds.length];
    if (!seatId || held.has(seatId)) return null;
    held.add(seatId);
    return seatId;
  };
  const outsiderSeat = takeSeat(department.outsiderHolds);
  if (outsiderSeat) await createMember(context, { currentSeatId: outsiderSeat });

  const people: Person[] = [];
  for (const member of department.members) {
    const choices = member.choices.flatMap((index) => {
      const kind = kinds[index % kinds.length];
      return kind ? [{ stationId: kind.stationId, shift: kind.shift, seatPosition: kind.position }] : [];
    });
    const row = await createMember(context, {
      rank: member.rank,
      yearsOfService: member.yearsOfService,
      currentSeatId: takeSeat(member.holdsSeat),
      bidPreferences: {
        autoBid: member.autoBid,
        seatChoices: choices,
        preferredStations: [],
        preferredShifts: member.preferredShift ? [member.preferredShift] : [],
      },
    });
    people.push({ id: row.id, email: row.email });
  }
  return { people, kinds, stationIds };
}

async function readSession(sessionId: string): Promise<BidSessionDetail> {
  const response = await injectAs(context, await authOf(admin), {
    method: 'GET',
    url: `/api/bid-sessions/${sessionId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ session?: BidSessionDetail } & BidSessionDetail>();
  return body.session ?? body;
}

/** An answer the API may give to a command in any state: done, or refused with a reason (never a 5xx). */
function expectHandled(response: { statusCode: number; body: string }) {
  expect([200, 400, 403, 404, 409], response.body).toContain(response.statusCode);
}

/** Runs the turn clock past the current turn's deadline. */
async function expireTurn(session: BidSessionDetail) {
  const deadline = session.currentBidEnd ? Date.parse(session.currentBidEnd) : context.clock.now().getTime();
  context.clock.advance(Math.max(0, deadline - context.clock.now().getTime()) + 1_000);
  await context.app.turnClock.tick();
}

async function play(department: Department) {
  const { people, kinds, stationIds } = await buildDepartment(department);
  const { id: sessionId } = await createSession(context, await authOf(admin), {
    participantIds: people.map((person) => person.id),
    stationIds,
    eligibilityMode: department.eligibilityMode,
    clearAssignments: department.clearAssignments,
    tieBreakChain: department.tieBreakChain,
  });
  const post = async (who: Person, url: string, payload?: Record<string, unknown>) =>
    injectAs(context, await authOf(who), { method: 'POST', url, ...(payload ? { payload } : {}) });
  expect((await post(admin, `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);

  for (const action of department.actions) {
    const session = await readSession(sessionId);
    if (session.status === 'completed') break;
    const holderId = session.currentTurn?.user.id;
    const holder = people.find((person) => person.id === holderId);
    const kind = kinds[action.pick % kinds.length] as SeatKind;
    const bidData = { station: kind.stationId, shift: kind.shift, position: kind.position };
    switch (action.kind) {
      case 'bid':
        if (holder) expectHandled(await post(holder, '/api/bid-sessions/submit-bid', { sessionId, bidData }));
        break;
      case 'proxy':
        if (holder) {
          expectHandled(await post(admin, '/api/bid-sessions/submit-bid', { sessionId, bidData, userId: holder.id }));
        }
        break;
      case 'skip':
        if (holder) expectHandled(await post(holder, '/api/bid-sessions/skip-turn', { sessionId }));
        break;
      case 'pause':
        expectHandled(await post(admin, `/api/bid-sessions/${sessionId}/pause`));
        context.clock.advance((action.pick % 3) * MINUTE);
        expectHandled(await post(admin, `/api/bid-sessions/${sessionId}/resume`));
        break;
      case 'move':
        expectHandled(await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`));
        break;
      case 'rewind': {
        const to = people[action.pick % people.length] as Person;
        expectHandled(
          await post(admin, `/api/bid-sessions/${sessionId}/rewind`, {
            toUserId: to.id,
            reason: 'A wrong phone-in bid',
          }),
        );
        break;
      }
      case 'expire':
        await expireTurn(session);
        break;
    }
  }
  if (department.endEarly && (await readSession(sessionId)).status !== 'completed') {
    expectHandled(await post(admin, `/api/bid-sessions/${sessionId}/end`));
  }
  // The rest of the session runs out on the clock: each turn twice at most (a second chance).
  for (let turn = 0; turn <= 2 * people.length + 1; turn += 1) {
    const session = await readSession(sessionId);
    if (session.status === 'completed') break;
    await expireTurn(session);
  }
  expect((await readSession(sessionId)).status).toBe('completed');
  return sessionId;
}

/** The verifier's answer for a record file's text, as `stationbid-verify` and the /verify page give it. */
const verifyText = (text: string) => verifyRecordText(text);

/** `text` with the character at `index` replaced by another printable one. */
function changeOneCharacter(text: string, index: number): string {
  const original = text[index];
  const replacement = [...'0a7Zx}'].find((candidate) => candidate !== original) ?? '1';
  return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`;
}

describe('replaying random sessions from their exported record', () => {
  /** Commands and outcomes met over the runs. */
  const seen = new Set<string>();

  it(`reproduces every award and every reason, and refuses one changed character (${RUNS} random departments)`, async () => {
    await fc.assert(
      fc.asyncProperty(departmentArb, async (department) => {
        const sessionId = await play(department);
        const response = await injectAs(context, await authOf(admin), {
          method: 'GET',
          url: `/api/bid-sessions/${sessionId}/record`,
        });
        expect(response.statusCode, response.body).toBe(200);
        const text = response.body;

        const verified = await verifyText(text);
        if (verified.ok) {
          for (const command of verified.record.commands) seen.add(`command ${command.type}`);
          for (const assignment of verified.record.assignments) seen.add(`outcome ${assignment.outcome}`);
        }
        if (!verified.ok) throw new Error(`the record does not verify: ${verified.reason}`);
        const record = verified.record;
        const awarded = record.assignments.filter((assignment) => assignment.seat !== null).length;
        expect(verified.awardsReproduced).toBe(awarded);
        expect(verified.replayed).toBe(true);
        // A completed session: every participant has an outcome and so a reason, rebuilt from the history.
        expect(verified.reasonsRebuilt).toBe(department.members.length);
        for (const assignment of record.assignments) expect(assignment.reason).toMatch(/ C[SD]T\b/);

        // The results call gives the same reasons as the record, told to an administrator of each
        // member by name: whatever the history held, not one "you" is left.
        const results = await injectAs(context, await authOf(admin), {
          method: 'GET',
          url: `/api/bid-sessions/${sessionId}/results`,
        });
        expect(results.statusCode, results.body).toBe(200);
        const rowById = new Map(
          results
            .json<{ results: SessionResults }>()
            .results.participants.map((participant) => [participant.id, participant]),
        );
        for (const assignment of record.assignments) {
          const row = rowById.get(assignment.participantId);
          const name = `${row?.user.firstName} ${row?.user.lastName}`;
          expect(row?.reason).toBe(reasonAboutMember(assignment.reason ?? '', name, ['A wrong phone-in bid']));
          expect(row?.reason).not.toMatch(/\b(?:you|your|yours)\b/i);
        }

        // One character changed anywhere in the file: the verifier refuses it.
        const index = Math.floor(department.tamperAt * text.length);
        const tampered = await verifyText(changeOneCharacter(text, index));
        expect(tampered.ok, `changed character ${index} (${JSON.stringify(text.slice(index - 20, index + 20))})`).toBe(
          false,
        );
      }),
      // A fixed seed: CI replays the same 20 departments every time (a random seed sometimes drew
      // no phone-in bid that won, and the coverage check below failed). A failure prints its path.
      { numRuns: RUNS, seed: REPLAY_SEED },
    );
    // The runs did exercise every kind of command and outcome.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'command bid',
        'command expire',
        'command move_to_back',
        'command pause',
        'command resume',
        'command rewind',
        'command skip',
        'outcome auto_assigned',
        'outcome bid',
        'outcome proxy_bid',
        'outcome skipped',
      ]),
    );
  }, 120_000);
});
