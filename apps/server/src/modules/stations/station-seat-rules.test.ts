/**
 * Station seats that require certifications or must be filled, through the API: a station's groups
 * round-trip, unknown codes are refused by name, plain counts keep the rules of the seats that stay,
 * held seats keep their holder, and a station without rules answers exactly as before rules
 * existed. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, seats } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { loadEngineState } from '../session-engine/engine-state-loader.repository.ts';
import { createSession } from '../session-engine/test-sessions.ts';

let context: TestContext;
let admin: SignedIn;
let memberSession: SignedIn;
let nextNumber = 7;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  memberSession = await signIn(context, (await createMember(context)).email);
  for (const [code, name] of [
    ['PM', 'Paramedic'],
    ['HM', 'Hazardous Materials Technician'],
    ['DO', 'Driver/Operator'],
  ]) {
    const response = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/admin/certifications',
      payload: { code, name },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => {
  await context?.close();
});

/** Station 7's B shift: two Paramedic Firefighter seats that must be filled, and one open to anyone. */
const STATION_7_B = [
  { position: 'Captain', count: 1 },
  { position: 'Firefighter', count: 2, requires: ['pm'], mustFill: true },
  { position: 'Firefighter', count: 1 },
];

async function createStation(body: Record<string, unknown>) {
  const number = nextNumber;
  nextNumber += 1;
  const response = await injectAs(context, admin, {
    method: 'POST',
    url: '/api/stations',
    payload: { name: `Station ${number}`, number, address: '7 Hill Rd', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().station;
}

const updateStation = (id: string, payload: Record<string, unknown>) =>
  injectAs(context, admin, { method: 'PUT', url: `/api/stations/${id}`, payload });

async function seatRows(stationId: string, shift: string, position: string) {
  const rows = await context.db
    .select({ id: seats.id, ordinal: seats.ordinal, requires: seats.requires, mustFill: seats.mustFill })
    .from(seats)
    .where(and(eq(seats.stationId, stationId), eq(seats.shift, shift), eq(seats.seatPosition, position)))
    .orderBy(seats.ordinal);
  const holders = await context.db.select({ seatId: members.currentSeatId, id: members.id }).from(members);
  return rows.map((row) => ({ ...row, holder: holders.find((holder) => holder.seatId === row.id)?.id ?? null }));
}

/** Puts a new member in a free seat with these rules. */
async function seatMember(stationId: string, shift: string, position: string, requires: string[]) {
  const seat = (await seatRows(stationId, shift, position)).find(
    (row) => row.holder === null && row.requires.join() === requires.join(),
  );
  if (!seat) throw new Error('no free seat');
  return createMember(context, { currentSeatId: seat.id });
}

describe('seat groups with rules', () => {
  it('creates Station 7 with Paramedic seats that must be filled and reads them back, group by group', async () => {
    const station = await createStation({ availablePositions: { B: STATION_7_B } });
    const read = await injectAs(context, memberSession, { method: 'GET', url: `/api/stations/${station.id}` });
    expect(read.statusCode).toBe(200);
    const body = read.json().station;
    expect(body.seats.B).toEqual({ Captain: 1, Lieutenant: 0, Engineer: 0, Firefighter: 3 });
    expect(body.shiftCapacity).toEqual({ A: 0, B: 4, C: 0 });
    expect(body.availablePositions.B).toEqual([
      { _id: `${station.id}-B-Captain`, position: 'Captain', count: 1, total: 1, occupied: 0 },
      {
        _id: `${station.id}-B-Firefighter`,
        position: 'Firefighter',
        count: 1,
        total: 1,
        occupied: 0,
        requires: [],
        mustFill: false,
      },
      {
        _id: `${station.id}-B-Firefighter-PM-must-fill`,
        position: 'Firefighter',
        count: 2,
        total: 2,
        occupied: 0,
        requires: ['PM'],
        mustFill: true,
      },
    ]);
    expect(body.seatRules).toEqual({
      A: [],
      B: [
        { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
        { position: 'Firefighter', count: 1, requires: [], mustFill: false, occupied: 0 },
        { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true, occupied: 0 },
      ],
      C: [],
    });
    expect(
      (await seatRows(station.id, 'B', 'Firefighter')).map((row) => [row.ordinal, row.requires, row.mustFill]),
    ).toEqual([
      [1, [], false],
      [2, ['PM'], true],
      [3, ['PM'], true],
    ]);

    // The availability and positions answers show the same groups.
    const positions = await injectAs(context, memberSession, {
      method: 'GET',
      url: `/api/stations/${station.id}/positions`,
    });
    expect(positions.json().station.positions.B).toEqual(body.availablePositions.B);
  });

  it('adds up entries of one position with the same rules, and sorts and de-duplicates codes', async () => {
    const station = await createStation({
      availablePositions: {
        A: [
          { position: 'Engineer', count: 1, requires: ['do', 'HM', 'DO'] },
          { position: 'Engineer', count: 1, requires: ['HM', 'DO'] },
        ],
      },
    });
    expect(station.seatRules.A).toEqual([
      { position: 'Engineer', count: 2, requires: ['DO', 'HM'], mustFill: false, occupied: 0 },
    ]);
    expect(station.availablePositions.A[0]).toMatchObject({ _id: `${station.id}-A-Engineer-DO+HM`, total: 2 });
  });

  it('refuses codes the department does not have, naming them, and creates nothing', async () => {
    const number = nextNumber;
    const response = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/stations',
      payload: {
        name: 'Unknown',
        number,
        address: 'x',
        availablePositions: {
          A: [{ position: 'Firefighter', count: 1, requires: ['PM', 'XX'] }],
          B: [{ position: 'Firefighter', count: 1, requires: ['yy'] }],
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      "Unknown certification codes XX, YY: add them to the department's certifications first",
    );
    const station = await createStation({ availablePositions: { A: [{ position: 'Firefighter', count: 1 }] } });
    const update = await updateStation(station.id, {
      availablePositions: { A: [{ position: 'Firefighter', count: 1, requires: ['ZZ'] }] },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toBe("Unknown certification code ZZ: add it to the department's certifications first");
    expect((await seatRows(station.id, 'A', 'Firefighter')).map((row) => row.requires)).toEqual([[]]);
  });

  it('answers a station without rules exactly as before rules existed', async () => {
    const station = await createStation({ seats: { A: { Captain: 1, Firefighter: 2 } } });
    expect(station.availablePositions.A).toEqual([
      { _id: `${station.id}-A-Captain`, position: 'Captain', count: 1, total: 1, occupied: 0 },
      { _id: `${station.id}-A-Firefighter`, position: 'Firefighter', count: 2, total: 2, occupied: 0 },
    ]);
    expect(station.seats.A).toEqual({ Captain: 1, Lieutenant: 0, Engineer: 0, Firefighter: 2 });
    // Only the new field is new.
    expect(Object.keys(station).sort()).toEqual(
      [
        ...['id', '_id', 'number', 'name', 'location', 'address', 'description', 'phoneNumber', 'email'],
        ...['isActive', 'preferredRanks', 'shiftCapacity', 'capacity', 'totalCapacity', 'occupancy'],
        ...['totalOccupancy', 'currentAssignments', 'availablePositions', 'seats', 'seatRules', 'fillRate'],
        ...['createdAt', 'updatedAt'],
      ].sort(),
    );
    const availability = await injectAs(context, memberSession, {
      method: 'GET',
      url: `/api/stations/${station.id}/availability`,
    });
    expect(availability.json().availability.A.availablePositions).toEqual(station.availablePositions.A);
  });

  it('keeps the rules of the seats that stay when plain counts change them', async () => {
    const station = await createStation({ availablePositions: { B: STATION_7_B } });

    // More seats: the new one has no rules.
    const grown = await updateStation(station.id, { seats: { B: { Captain: 1, Firefighter: 4 } } });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().station.seatRules.B).toEqual([
      { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
      { position: 'Firefighter', count: 2, requires: [], mustFill: false, occupied: 0 },
      { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true, occupied: 0 },
    ]);

    // Fewer: the seats without rules go first.
    const shrunk = await updateStation(station.id, { seats: { B: { Captain: 1, Firefighter: 1 } } });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().station.seatRules.B).toEqual([
      { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
      { position: 'Firefighter', count: 1, requires: ['PM'], mustFill: true, occupied: 0 },
    ]);

    // An older client's availablePositions, without rules, changes counts the same way.
    const older = await updateStation(station.id, {
      availablePositions: {
        B: [
          { position: 'Captain', count: 1 },
          { position: 'Firefighter', count: 2 },
        ],
      },
    });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().station.seatRules.B).toEqual([
      { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
      { position: 'Firefighter', count: 1, requires: [], mustFill: false, occupied: 0 },
      { position: 'Firefighter', count: 1, requires: ['PM'], mustFill: true, occupied: 0 },
    ]);

    // Sending the rules: the form's way to remove them.
    const cleared = await updateStation(station.id, {
      availablePositions: {
        B: [
          { position: 'Captain', count: 1, requires: [], mustFill: false },
          { position: 'Firefighter', count: 2, requires: [], mustFill: false },
        ],
      },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().station.availablePositions.B).toEqual([
      { _id: `${station.id}-B-Captain`, position: 'Captain', count: 1, total: 1, occupied: 0 },
      { _id: `${station.id}-B-Firefighter`, position: 'Firefighter', count: 2, total: 2, occupied: 0 },
    ]);
  });

  it('keeps held seats with their holders, reuses free seats for other rules, and refuses to shrink a group below its holders', async () => {
    const station = await createStation({ availablePositions: { B: STATION_7_B } });
    const paramedic = await seatMember(station.id, 'B', 'Firefighter', ['PM']);
    const plainHolder = await seatMember(station.id, 'B', 'Firefighter', []);
    const before = await seatRows(station.id, 'B', 'Firefighter');

    // Give the free Paramedic seat to a new HM group: the same row changes its rules.
    const regrouped = await updateStation(station.id, {
      availablePositions: {
        B: [
          { position: 'Captain', count: 1 },
          { position: 'Firefighter', count: 1, requires: ['PM'], mustFill: true },
          { position: 'Firefighter', count: 1, requires: ['HM'] },
          { position: 'Firefighter', count: 1 },
        ],
      },
    });
    expect(regrouped.statusCode, regrouped.body).toBe(200);
    const after = await seatRows(station.id, 'B', 'Firefighter');
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(after.find((row) => row.holder === paramedic.id)).toMatchObject({ requires: ['PM'], mustFill: true });
    expect(after.find((row) => row.holder === plainHolder.id)).toMatchObject({ requires: [], mustFill: false });
    expect(after.find((row) => row.holder === null)).toMatchObject({ requires: ['HM'], mustFill: false });
    expect(regrouped.json().station.seatRules.B).toContainEqual({
      position: 'Firefighter',
      count: 1,
      requires: ['PM'],
      mustFill: true,
      occupied: 1,
    });

    // The Paramedic group has a holder: it cannot go.
    const refused = await updateStation(station.id, {
      availablePositions: {
        B: [
          { position: 'Captain', count: 1 },
          { position: 'Firefighter', count: 1 },
          { position: 'Firefighter', count: 2, requires: ['HM'] },
        ],
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Cannot reduce Firefighter seats requiring PM (must be filled) on shift B to 0: 1 member is assigned to them. Move them first.',
    );
    // Plain counts below the holders are refused as before.
    const tooFew = await updateStation(station.id, { seats: { B: { Captain: 1, Firefighter: 1 } } });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().error).toBe(
      'Cannot reduce Firefighter seats on shift B to 1: 2 members are assigned to them. Move them first.',
    );
    expect(await seatRows(station.id, 'B', 'Firefighter')).toEqual(after);
  });

  it('checks rule fields: mustFill true or false, codes as a list', async () => {
    const station = await createStation({ availablePositions: { A: [{ position: 'Firefighter', count: 1 }] } });
    const badFlag = await updateStation(station.id, {
      availablePositions: { A: [{ position: 'Firefighter', count: 1, mustFill: 'sometimes' }] },
    });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error).toContain('mustFill must be true or false');
    const badCodes = await updateStation(station.id, {
      availablePositions: { A: [{ position: 'Firefighter', count: 1, requires: 'PM' }] },
    });
    expect(badCodes.statusCode).toBe(400);
    const tooMany = await updateStation(station.id, {
      availablePositions: {
        A: [
          { position: 'Firefighter', count: 30, requires: ['PM'] },
          { position: 'Firefighter', count: 30 },
        ],
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('At most 50 seats of one position per shift');
  });

  it("gives the engine each offered seat's rules, and leaves seats without rules as they were", async () => {
    const station = await createStation({ availablePositions: { B: STATION_7_B } });
    const bidder = await createMember(context);
    const session = await createSession(context, admin, { participantIds: [bidder.id], stationIds: [station.id] });
    const loaded = await context.db.transaction((tx) => loadEngineState(tx, session.id));
    const offered = (loaded?.state.seats ?? []).filter((seat) => seat.stationId === station.id);
    expect(
      offered.map(({ seatPosition, ordinal, requires, mustFill }) => ({ seatPosition, ordinal, requires, mustFill })),
    ).toEqual([
      { seatPosition: 'Captain', ordinal: 1, requires: undefined, mustFill: undefined },
      { seatPosition: 'Firefighter', ordinal: 1, requires: undefined, mustFill: undefined },
      { seatPosition: 'Firefighter', ordinal: 2, requires: ['PM'], mustFill: true },
      { seatPosition: 'Firefighter', ordinal: 3, requires: ['PM'], mustFill: true },
    ]);
    expect(Object.keys(offered[0] ?? {})).not.toContain('requires');
  });
});
