import * as XLSX from '@e965/xlsx';
import type { Station } from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, members, seats, stations } from '../../db/schema/index.ts';
import { multipartFile, SPREADSHEET_CONTENT_TYPES } from '../../test/multipart.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';

let context: TestContext;
let admin: SignedIn;
let memberSession: SignedIn;
let nextNumber = 100;

beforeAll(async () => {
  context = await createTestContext();
  const adminRow = await createAdmin(context, { firstName: 'Ada', lastName: 'Chief' });
  admin = await signIn(context, adminRow.email);
  const memberRow = await createMember(context);
  memberSession = await signIn(context, memberRow.email);
});
afterAll(async () => {
  await context.close();
});

const seatsOf = (a: Record<string, number>, b: Record<string, number> = a, c: Record<string, number> = a) => ({
  A: a,
  B: b,
  C: c,
});

async function createStation(body: Record<string, unknown> = {}) {
  nextNumber += 1;
  const response = await injectAs(context, admin, {
    method: 'POST',
    url: '/api/stations',
    payload: {
      name: `Station ${nextNumber}`,
      number: nextNumber,
      address: '1 Main St, Springfield',
      seats: seatsOf({ Captain: 1, Engineer: 1, Firefighter: 2 }),
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().station;
}

/** Puts a new member in a free seat of the station. */
async function seatMember(stationId: string, shift: string, seatPosition: string, values = {}) {
  const free = await context.db
    .select({ id: seats.id })
    .from(seats)
    .leftJoin(members, eq(members.currentSeatId, seats.id))
    .where(and(eq(seats.stationId, stationId), eq(seats.shift, shift), eq(seats.seatPosition, seatPosition)));
  const taken = new Set(
    (await context.db.select({ seatId: members.currentSeatId }).from(members)).map((row) => row.seatId),
  );
  const seat = free.find((row) => !taken.has(row.id));
  if (!seat) throw new Error('no free seat');
  return createMember(context, { currentSeatId: seat.id, ...values });
}

describe('authorization', () => {
  it('answers 401 without a token on every station route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/stations'],
      ['GET', `/api/stations/${id}`],
      ['GET', `/api/stations/${id}/availability`],
      ['GET', `/api/stations/${id}/positions`],
      ['GET', '/api/stations/available'],
      ['GET', '/api/stations/available/positions'],
      ['POST', '/api/stations'],
      ['PUT', `/api/stations/${id}`],
      ['DELETE', `/api/stations/${id}`],
      ['POST', '/api/stations/clear-all-assignments'],
      ['POST', '/api/admin/import-stations'],
    ] as const) {
      const response = await context.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('TOKEN_MISSING');
    }
  });

  it('answers 403 to a member on the administrators’ routes', async () => {
    const station = await createStation();
    for (const [method, url] of [
      ['POST', '/api/stations'],
      ['PUT', `/api/stations/${station.id}`],
      ['DELETE', `/api/stations/${station.id}`],
      ['POST', '/api/stations/clear-all-assignments'],
      ['POST', '/api/admin/import-stations'],
    ] as const) {
      const response = await injectAs(context, memberSession, { method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' });
    }
  });
});

describe('POST /api/stations', () => {
  it('creates a station with its seats and records the activity', async () => {
    const response = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/stations',
      payload: {
        name: 'Harbor',
        number: 3,
        address: '1 Dock St, Port City',
        location: 'Port City',
        email: 'Harbor@Fire.Example',
        preferredRanks: ['Captain', 'Engineer'],
        seats: { A: { Captain: 1, Engineer: 1, Firefighter: 2 }, B: { Captain: 1, Firefighter: 1 } },
        totalCapacity: 6,
      },
    });
    expect(response.statusCode).toBe(201);
    const { station, message } = response.json();
    expect(message).toBe('Station created successfully');
    expect(station).toMatchObject({
      _id: station.id,
      name: 'Harbor',
      number: 3,
      email: 'harbor@fire.example',
      isActive: true,
      preferredRanks: ['Captain', 'Engineer'],
      shiftCapacity: { A: 4, B: 2, C: 0 },
      capacity: { A: 4, B: 2, C: 0 },
      totalCapacity: 6,
      occupancy: { A: 0, B: 0, C: 0 },
      fillRate: 0,
      seats: {
        A: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 2 },
        B: { Captain: 1, Lieutenant: 0, Engineer: 0, Firefighter: 1 },
        C: { Captain: 0, Lieutenant: 0, Engineer: 0, Firefighter: 0 },
      },
      availablePositions: {
        A: [
          { _id: `${station.id}-A-Captain`, position: 'Captain', count: 1 },
          { position: 'Engineer', count: 1 },
          { position: 'Firefighter', count: 2 },
        ],
        B: [
          { position: 'Captain', count: 1 },
          { position: 'Firefighter', count: 1 },
        ],
        C: [],
      },
    });
    const seatRows = await context.db.select().from(seats).where(eq(seats.stationId, station.id));
    expect(seatRows).toHaveLength(6);
    const recorded = await context.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'station'), eq(activities.title, 'Station created')));
    expect(recorded.map((activity) => activity.description)).toContain(
      'Ada Chief created Station 3 (Harbor) with 6 seats',
    );
  });

  it('accepts the spec client’s availablePositions lists', async () => {
    const station = await createStation({
      seats: undefined,
      totalCapacity: 3,
      availablePositions: { A: [{ position: 'Captain', count: 1 }], C: [{ position: 'Firefighter', count: 2 }] },
    });
    expect(station.shiftCapacity).toEqual({ A: 1, B: 0, C: 2 });
  });

  it('refuses a taken station number with 409', async () => {
    const station = await createStation();
    const response = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/stations',
      payload: { name: 'Copy', number: station.number, address: 'x' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: `Station number ${station.number} already exists`, code: 'CONFLICT' });
  });

  it('refuses missing fields, a bad number, bad seat counts and a wrong total with 400', async () => {
    const post = (payload: object) => injectAs(context, admin, { method: 'POST', url: '/api/stations', payload });
    expect((await post({ number: 1, address: 'x' })).json().error).toBe('Station name is required');
    expect((await post({ name: 'A', address: 'x' })).json().error).toBe('Station number is required');
    expect((await post({ name: 'A', number: 1 })).json().error).toBe('Address is required');
    expect((await post({ name: 'A', number: 0, address: 'x' })).json().error).toBe('Station number must be at least 1');
    expect((await post({ name: 'A', number: 1.5, address: 'x' })).statusCode).toBe(400);
    const badCount = await post({ name: 'A', number: 990, address: 'x', seats: { A: { Captain: 'two' } } });
    expect(badCount.statusCode).toBe(400);
    expect(badCount.json().error).toBe('Seat counts must be whole numbers of 0 or more');
    expect((await post({ name: 'A', number: 990, address: 'x', seats: { A: { Captain: -1 } } })).statusCode).toBe(400);
    const wrongTotal = await post({
      name: 'A',
      number: 990,
      address: 'x',
      seats: { A: { Captain: 1 } },
      totalCapacity: 5,
    });
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.json().error).toBe(
      'Total capacity (5) must equal the sum of the seats per shift and position (1).',
    );
    expect((await post({ name: 'A', number: 991, address: 'x', email: 'nope' })).json().error).toBe(
      'Invalid email address',
    );
    const [stored] = await context.db.select().from(stations).where(eq(stations.number, 990));
    expect(stored).toBeUndefined();
  });
});

describe('reading stations', () => {
  it('derives capacity, occupancy, assignments, free positions and fill rate from real assignments', async () => {
    const station = await createStation({
      seats: seatsOf({ Captain: 1, Engineer: 1, Firefighter: 2 }),
    });
    const captain = await seatMember(station.id, 'A', 'Captain', { firstName: 'Cara', lastName: 'Cap' });
    await seatMember(station.id, 'A', 'Firefighter');
    await seatMember(station.id, 'B', 'Engineer');

    const response = await injectAs(context, memberSession, { method: 'GET', url: `/api/stations/${station.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json().station;
    expect(body).toMatchObject({
      shiftCapacity: { A: 4, B: 4, C: 4 },
      totalCapacity: 12,
      occupancy: { A: 2, B: 1, C: 0 },
      totalOccupancy: 3,
      fillRate: 25,
    });
    expect(body.currentAssignments.A).toContainEqual({
      memberId: captain.id,
      _id: captain.id,
      firstName: 'Cara',
      lastName: 'Cap',
      position: 'Captain',
    });
    expect(body.currentAssignments.B).toHaveLength(1);
    expect(body.currentAssignments.C).toEqual([]);
    expect(body.availablePositions.A).toEqual([
      { _id: `${station.id}-A-Captain`, position: 'Captain', count: 0, total: 1, occupied: 1 },
      { _id: `${station.id}-A-Engineer`, position: 'Engineer', count: 1, total: 1, occupied: 0 },
      { _id: `${station.id}-A-Firefighter`, position: 'Firefighter', count: 1, total: 2, occupied: 1 },
    ]);

    const availability = await injectAs(context, memberSession, {
      method: 'GET',
      url: `/api/stations/${station.id}/availability`,
    });
    expect(availability.statusCode).toBe(200);
    expect(availability.json()).toMatchObject({
      station: { id: station.id, number: station.number },
      availability: {
        A: { capacity: 4, occupied: 2, available: 2 },
        B: { capacity: 4, occupied: 1, available: 3 },
        C: { capacity: 4, occupied: 0, available: 4 },
      },
      totalCapacity: 12,
      totalOccupied: 3,
      totalAvailable: 9,
    });
    expect(availability.json().availability.A.availablePositions).toHaveLength(3);

    const positions = await injectAs(context, memberSession, {
      method: 'GET',
      url: `/api/stations/${station.id}/positions`,
    });
    expect(positions.statusCode).toBe(200);
    expect(positions.json().station).toMatchObject({ id: station.id, totalAvailable: 9 });
    expect(positions.json().station.positions.B).toContainEqual(
      expect.objectContaining({ position: 'Engineer', count: 0, occupied: 1 }),
    );
  });

  it('lists active stations to members and inactive ones to administrators who ask', async () => {
    const active = await createStation();
    const inactive = await createStation({ isActive: false });
    const list = async (who: SignedIn, url: string) =>
      (await injectAs(context, who, { method: 'GET', url }))
        .json()
        .stations.map((station: { id: string }) => station.id);

    expect(await list(memberSession, '/api/stations')).toContain(active.id);
    expect(await list(memberSession, '/api/stations')).not.toContain(inactive.id);
    expect(await list(memberSession, '/api/stations?includeInactive=true')).not.toContain(inactive.id);
    expect(await list(admin, '/api/stations')).not.toContain(inactive.id);
    expect(await list(admin, '/api/stations?includeInactive=true')).toContain(inactive.id);

    const asMember = await injectAs(context, memberSession, { method: 'GET', url: `/api/stations/${inactive.id}` });
    expect(asMember.statusCode).toBe(404);
    expect(asMember.json()).toEqual({ error: 'Station not found', code: 'NOT_FOUND' });
    const asAdmin = await injectAs(context, admin, { method: 'GET', url: `/api/stations/${inactive.id}` });
    expect(asAdmin.statusCode).toBe(200);
    expect(
      (await injectAs(context, memberSession, { method: 'GET', url: `/api/stations/${inactive.id}/availability` }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown station and 400 for an id that is not a UUID', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const suffix of ['', '/availability', '/positions']) {
      const response = await injectAs(context, memberSession, {
        method: 'GET',
        url: `/api/stations/${unknown}${suffix}`,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await injectAs(context, memberSession, { method: 'GET', url: '/api/stations/abc' })).statusCode).toBe(400);
  });

  it('lists only active stations with a free seat as available, and free positions per station', async () => {
    const full = await createStation({ seats: { A: { Captain: 1 } } });
    await seatMember(full.id, 'A', 'Captain');
    const open = await createStation({ seats: { B: { Firefighter: 2 } } });
    const inactive = await createStation({ isActive: false });

    const available = await injectAs(context, memberSession, { method: 'GET', url: '/api/stations/available' });
    expect(available.statusCode).toBe(200);
    const ids = available.json().stations.map((station: { id: string }) => station.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(full.id);
    expect(ids).not.toContain(inactive.id);

    const positions = await injectAs(context, memberSession, {
      method: 'GET',
      url: '/api/stations/available/positions',
    });
    expect(positions.statusCode).toBe(200);
    const byId = new Map(positions.json().stations.map((station: { id: string }) => [station.id, station]));
    expect(byId.get(open.id)).toMatchObject({
      totalAvailable: 2,
      positions: { A: [], B: [{ position: 'Firefighter', count: 2 }], C: [] },
    });
    expect(byId.get(full.id)).toMatchObject({
      totalAvailable: 0,
      positions: { A: [{ position: 'Captain', count: 0 }] },
    });
    expect(byId.has(inactive.id)).toBe(false);
  });
});

describe('PUT /api/stations/:id', () => {
  it('changes fields and adds or removes free seats', async () => {
    const station = await createStation({ seats: seatsOf({ Captain: 1, Firefighter: 3 }) });
    await seatMember(station.id, 'A', 'Firefighter');
    const response = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: {
        name: 'Renamed',
        isActive: false,
        seats: { A: { Captain: 1, Firefighter: 1, Lieutenant: 1 }, B: { Captain: 2 }, C: {} },
        totalCapacity: 5,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Station updated successfully');
    expect(response.json().station).toMatchObject({
      name: 'Renamed',
      isActive: false,
      address: '1 Main St, Springfield',
      shiftCapacity: { A: 3, B: 2, C: 0 },
      occupancy: { A: 1, B: 0, C: 0 },
      seats: { A: { Captain: 1, Lieutenant: 1, Engineer: 0, Firefighter: 1 } },
    });
    // The member keeps their seat: only free seats were removed.
    expect(response.json().station.currentAssignments.A).toHaveLength(1);
  });

  it('leaves seats alone when none are sent, and checks totalCapacity against the seats there', async () => {
    const station = await createStation({ seats: { A: { Captain: 2 } } });
    const rename = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: { description: 'Busy corner' },
    });
    expect(rename.json().station).toMatchObject({ description: 'Busy corner', totalCapacity: 2 });
    const wrongTotal = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: { totalCapacity: 3 },
    });
    expect(wrongTotal.statusCode).toBe(400);
  });

  it('refuses to remove seats members hold, saying which and how many, and changes nothing', async () => {
    const station = await createStation({ seats: { B: { Engineer: 2 } } });
    await seatMember(station.id, 'B', 'Engineer');
    await seatMember(station.id, 'B', 'Engineer');
    const response = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: { name: 'Should not stick', seats: { B: { Engineer: 1 } } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'Cannot reduce Engineer seats on shift B to 1: 2 members are assigned to them. Move them first.',
    );
    const [row] = await context.db.select().from(stations).where(eq(stations.id, station.id));
    expect(row?.name).toBe(station.name);
  });

  it('refuses a number another station has, and answers 404 for an unknown station', async () => {
    const first = await createStation();
    const second = await createStation();
    const taken = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${second.id}`,
      payload: { number: first.number },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(`Station number ${first.number} already exists`);
    const unknown = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/stations/00000000-0000-4000-8000-000000000002',
      payload: { name: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/stations/:id', () => {
  it('refuses while members are assigned, suggesting to deactivate', async () => {
    const station = await createStation({ name: 'Harborside' });
    await seatMember(station.id, 'A', 'Captain');
    await seatMember(station.id, 'C', 'Firefighter');
    const response = await injectAs(context, admin, { method: 'DELETE', url: `/api/stations/${station.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: `Cannot delete Station ${station.number} (Harborside): 2 members are assigned to it. Deactivate it instead, or move them first.`,
      code: 'CONFLICT',
      assignedCount: 2,
    });
  });

  it('deletes a station nobody is assigned to, with its seats', async () => {
    const station = await createStation();
    const response = await injectAs(context, admin, { method: 'DELETE', url: `/api/stations/${station.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Station deleted successfully' });
    expect(await context.db.select().from(seats).where(eq(seats.stationId, station.id))).toEqual([]);
    const again = await injectAs(context, admin, { method: 'DELETE', url: `/api/stations/${station.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /api/stations/clear-all-assignments', () => {
  it('frees every seat and says how many', async () => {
    const station = await createStation();
    await seatMember(station.id, 'A', 'Captain');
    const before = await context.db.select({ id: members.id }).from(members);
    const holders = (await context.db.select().from(members)).filter((member) => member.currentSeatId !== null);
    expect(before.length).toBeGreaterThan(0);
    const response = await injectAs(context, admin, { method: 'POST', url: '/api/stations/clear-all-assignments' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Station assignments cleared successfully', cleared: holders.length });
    const stillSeated = (await context.db.select().from(members)).filter((member) => member.currentSeatId !== null);
    expect(stillSeated).toEqual([]);
  });
});

describe('POST /api/admin/import-stations', () => {
  const HEADER =
    'name,number,address,totalCapacity,shiftACapacity,shiftBCapacity,shiftCCapacity,description,isActive,preferredRanks';

  const upload = (fileName: string, content: Buffer | string, contentType: string, who: SignedIn = admin) => {
    const { payload, headers } = multipartFile('file', fileName, content, contentType);
    return injectAs(context, who, { method: 'POST', url: '/api/admin/import-stations', payload, headers });
  };

  const workbook = (rows: (string | number | boolean)[][], bookType: 'xlsx' | 'biff8') => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Stations');
    return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
  };

  it('reads headers written for people, any case and spacing', async () => {
    const csv = [
      'Name,Number,ADDRESS,Total Capacity,Shift A Capacity,shift_b_capacity,shift-c-capacity,Is Active,Colour',
      'Readable,531,"1 Plain Rd, Springfield",3,1,1,1,true,green',
    ].join('\n');
    const response = await upload('stations.csv', csv, SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toMatchObject({
      created: 1,
      skipped: 0,
      total: 1,
      errors: [],
      unknownColumns: ['Colour'],
    });
    const missing = await upload('stations.csv', 'Name,Number\nX,532', SPREADSHEET_CONTENT_TYPES.csv);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().missingColumns).toEqual(['address', 'shiftACapacity', 'shiftBCapacity', 'shiftCCapacity']);
  });

  it('imports a good CSV, spreading each shift over Captain, Engineer and Firefighters', async () => {
    const csv = [
      HEADER,
      'North,501,"10 North Rd, Springfield",9,3,3,3,Hill station,true,"Captain, Engineer"',
      'South,502,"20 South Rd, Springfield",3,1,2,0,,false,',
    ].join('\n');
    const response = await upload('stations.csv', csv, SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: {
        created: 2,
        skipped: 0,
        total: 2,
        errors: [],
        updated: 0,
        unchanged: 0,
        changes: [
          { row: 2, kind: 'new', number: 501, name: 'North', fields: ['seats: A 3, B 3, C 3'] },
          { row: 3, kind: 'new', number: 502, name: 'South', fields: ['seats: A 1, B 2, C 0'] },
        ],
        unknownColumns: [],
        dryRun: false,
      },
      message: 'Import completed! 2 stations created, 0 updated, 0 skipped.',
    });
    const list = (await injectAs(context, admin, { method: 'GET', url: '/api/stations?includeInactive=true' })).json()
      .stations as { number: number }[];
    const north = list.find((station) => station.number === 501);
    const south = list.find((station) => station.number === 502);
    expect(north).toMatchObject({
      address: '10 North Rd, Springfield',
      description: 'Hill station',
      isActive: true,
      preferredRanks: ['Captain', 'Engineer'],
      totalCapacity: 9,
      seats: { A: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 1 } },
    });
    expect(south).toMatchObject({
      isActive: false,
      shiftCapacity: { A: 1, B: 2, C: 0 },
      seats: { A: { Captain: 1, Engineer: 0 }, B: { Captain: 1, Engineer: 1, Firefighter: 0 } },
    });
  });

  it('imports good rows of a mixed file, updates the station of a known number, and reports each bad or repeated row', async () => {
    await createStation({ number: 600 });
    const csv = [
      HEADER,
      'Good One,601,1 A St,3,1,1,1,,,',
      'Known,600,2 B St,3,1,1,1,,,',
      'Twice,601,3 C St,3,1,1,1,,,',
      'Bad Sum,602,4 D St,10,1,1,1,,,',
      'Negative,603,5 E St,-1,-1,0,0,,,',
      ',604,6 F St,0,0,0,0,,,',
      'Good Two,605,7 G St,0,0,0,0,,TRUE,',
    ].join('\r\n');
    const response = await upload('mixed.csv', csv, SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toMatchObject({ created: 2, updated: 1, skipped: 4, total: 7 });
    expect(results.changes.find((change: { row: number }) => change.row === 3)).toMatchObject({
      kind: 'updated',
      number: 600,
      fields: expect.arrayContaining(['address: 1 Main St, Springfield -> 2 B St']),
    });
    expect(results.errors).toEqual([
      { row: 4, error: 'Skipped: station number 601 is already used in row 2 of this file' },
      {
        row: 5,
        error:
          "totalCapacity is 10, but the shift columns give 3 seats (A + B + C). A station's capacity comes from its seats: correct the shift columns, or remove the totalCapacity column.",
      },
      { row: 6, error: 'shiftACapacity must be a whole number of 0 or more (got "-1")' },
      { row: 7, error: 'Station name is required' },
    ]);
    const numbers = (await context.db.select({ number: stations.number }).from(stations)).map((row) => row.number);
    expect(numbers).toEqual(expect.arrayContaining([601, 605]));
    expect(numbers).not.toContain(602);
  });

  it('imports .xlsx and .xls workbooks', async () => {
    const header = HEADER.split(',');
    const xlsx = workbook([header, ['Excel', 701, '1 X St', 2, 1, 1, 0, '', true, 'Lieutenant']], 'xlsx');
    const xlsxResponse = await upload('stations.xlsx', xlsx, SPREADSHEET_CONTENT_TYPES.xlsx);
    expect(xlsxResponse.statusCode, xlsxResponse.body).toBe(200);
    expect(xlsxResponse.json().results).toMatchObject({ created: 1, skipped: 0, total: 1, errors: [] });

    const xls = workbook([header, ['Legacy', 702, '2 X St', 3, 1, 1, 1, '', false, '']], 'biff8');
    const xlsResponse = await upload('stations.xls', xls, SPREADSHEET_CONTENT_TYPES.xls);
    expect(xlsResponse.statusCode, xlsResponse.body).toBe(200);
    expect(xlsResponse.json().results).toMatchObject({ created: 1, skipped: 0, total: 1, errors: [] });
    const [legacy] = await context.db.select().from(stations).where(eq(stations.number, 702));
    expect(legacy?.isActive).toBe(false);
  });

  it('gives the seats a seatRules cell names their certifications and minimum staffing', async () => {
    for (const [code, name] of [
      ['PM', 'Paramedic'],
      ['DO', 'Driver/Operator'],
    ]) {
      const response = await injectAs(context, admin, {
        method: 'POST',
        url: '/api/admin/certifications',
        payload: { code, name },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // The cell is left unquoted in the first row, as a person's CSV would have it: ";" is not a separator.
    const csv = [
      `${HEADER},seatRules`,
      'Medic Station,521,1 Medic Rd,11,3,5,3,,,,B:Firefighter:2:PM:mustFill; A:Engineer:1:do',
      'Unknown Code,522,2 Medic Rd,9,3,3,3,,,,"B:Firefighter:1:XX+PM; C:Captain:1:YY"',
      'Too Many,523,3 Medic Rd,9,3,3,3,,,,B:Firefighter:2:PM',
      'Plain,524,4 Medic Rd,3,1,1,1,,,,',
    ].join('\n');
    const response = await upload('rules.csv', csv, SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toMatchObject({
      created: 2,
      skipped: 2,
      total: 4,
      errors: [
        {
          row: 3,
          error: 'seatRules: no certifications with codes "XX", "YY" (the department\'s certifications: DO, PM)',
        },
        { row: 4, error: 'seatRules: shift B has 1 Firefighter seat, the rule asks for 2' },
      ],
    });

    const list = (await injectAs(context, memberSession, { method: 'GET', url: '/api/stations' })).json()
      .stations as Station[];
    const medic = list.find((station) => station.number === 521);
    if (!medic) throw new Error('Station 521 was not created');
    expect(medic.seats.B).toEqual({ Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 3 });
    expect(medic.availablePositions.B).toEqual([
      { _id: `${medic.id}-B-Captain`, position: 'Captain', count: 1, total: 1, occupied: 0 },
      { _id: `${medic.id}-B-Engineer`, position: 'Engineer', count: 1, total: 1, occupied: 0 },
      {
        _id: `${medic.id}-B-Firefighter`,
        position: 'Firefighter',
        count: 1,
        total: 1,
        occupied: 0,
        requires: [],
        mustFill: false,
      },
      {
        _id: `${medic.id}-B-Firefighter-PM-must-fill`,
        position: 'Firefighter',
        count: 2,
        total: 2,
        occupied: 0,
        requires: ['PM'],
        mustFill: true,
      },
    ]);
    expect(medic.seatRules?.A).toEqual([
      { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
      { position: 'Engineer', count: 1, requires: ['DO'], mustFill: false, occupied: 0 },
      { position: 'Firefighter', count: 1, requires: [], mustFill: false, occupied: 0 },
    ]);
    expect(medic.seatRules?.C.every((rule) => rule.requires.length === 0 && !rule.mustFill)).toBe(true);
    const plain = list.find((station) => station.number === 524);
    expect(plain?.availablePositions.A.every((entry) => entry.requires === undefined)).toBe(true);
    const refused = await context.db.select().from(stations).where(eq(stations.number, 522));
    expect(refused).toEqual([]);
  });

  it('refuses a file over 5 MB with 413 and changes nothing', async () => {
    const line = 'Big,801,1 Big St,0,0,0,0,,,\n';
    const content = `${HEADER}\n${line.repeat(Math.ceil(5_300_000 / line.length))}`;
    const response = await upload('big.csv', content, SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'File size must be less than 5MB', code: 'PAYLOAD_TOO_LARGE' });
    expect(await context.db.select().from(stations).where(eq(stations.number, 801))).toEqual([]);
  });

  it('refuses a text file renamed .xlsx, an unknown extension and a missing file with 400', async () => {
    const renamed = await upload(
      'stations.xlsx',
      `${HEADER}\nFake,901,1 St,0,0,0,0,,,`,
      SPREADSHEET_CONTENT_TYPES.xlsx,
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toMatch(/not a valid \.xlsx spreadsheet/);
    const wrongKind = await upload('stations.txt', 'hello', 'text/plain');
    expect(wrongKind.statusCode).toBe(400);
    const noFile = await injectAs(context, admin, { method: 'POST', url: '/api/admin/import-stations', payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe('Please select a file to upload');
    const wrongField = multipartFile('upload', 'stations.csv', `${HEADER}\nWrong,902,1 St,0,0,0,0,,,`, 'text/csv');
    const wrongFieldResponse = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/admin/import-stations',
      ...wrongField,
    });
    expect(wrongFieldResponse.statusCode).toBe(400);
    expect(wrongFieldResponse.json().error).toBe('Please select a file to upload');
    expect(await context.db.select().from(stations).where(eq(stations.number, 901))).toEqual([]);
    expect(await context.db.select().from(stations).where(eq(stations.number, 902))).toEqual([]);
  });

  it('answers an empty result for a file with only the header row', async () => {
    const response = await upload('empty.csv', `${HEADER}\n`, SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toMatchObject({ created: 0, skipped: 0, total: 0, errors: [] });
  });

  it('refuses a file with missing columns with 400 listing them', async () => {
    const response = await upload('stations.csv', 'name,number\nA,910', SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'The file is missing required columns: address, shiftACapacity, shiftBCapacity, shiftCCapacity',
      missingColumns: ['address', 'shiftACapacity', 'shiftBCapacity', 'shiftCCapacity'],
    });
    expect(await context.db.select().from(stations).where(eq(stations.number, 910))).toEqual([]);
  });
});

describe('POST /api/admin/import-stations: the preview (dryRun=1), updates and totalCapacity', () => {
  const HEADER = 'name,number,address,shiftACapacity,shiftBCapacity,shiftCCapacity,description';
  const upload = (content: string, query = '') => {
    const { payload, headers } = multipartFile('file', 'stations.csv', content, SPREADSHEET_CONTENT_TYPES.csv);
    return injectAs(context, admin, { method: 'POST', url: `/api/admin/import-stations${query}`, payload, headers });
  };
  const snapshot = async () => ({
    stations: (await context.db.select().from(stations)).map((row) => JSON.stringify(row)).sort(),
    seats: (await context.db.select().from(seats)).map((row) => JSON.stringify(row)).sort(),
    activities: (await context.db.select().from(activities)).length,
  });

  it('previews new, updated, unchanged and refused rows without writing, and the commit does exactly that', async () => {
    const changed = await createStation({ name: 'Old Name' });
    const same = await createStation({ name: 'Same Place', description: 'As it is' });
    await seatMember(changed.id, 'A', 'Firefighter');
    const file = [
      HEADER,
      `Brand New,${nextNumber + 50},"9 New Rd, Springfield",3,3,2,`,
      // Shift A goes from 4 seats to 3: one of its two Firefighter seats is free, so it goes.
      `New Name,${changed.number},"1 Main St, Springfield",3,4,4,Renamed`,
      `Same Place,${same.number},"1 Main St, Springfield",4,4,4,`,
      `Bad,${nextNumber + 51},"9 Bad Rd",x,1,1,`,
    ].join('\n');
    const before = await snapshot();

    const preview = await upload(file, '?dryRun=1');
    expect(preview.statusCode, preview.body).toBe(200);
    const { results, message } = preview.json();
    expect(results).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
      skipped: 1,
      total: 4,
      dryRun: true,
      unknownColumns: [],
      changes: [
        { row: 2, kind: 'new', number: nextNumber + 50, name: 'Brand New', fields: ['seats: A 3, B 3, C 2'] },
        {
          row: 3,
          kind: 'updated',
          number: changed.number,
          name: 'New Name',
          fields: [
            'name: Old Name -> New Name',
            'description: none -> Renamed',
            'shift A seats: Captain 1, Engineer 1, Firefighter 2 -> Captain 1, Engineer 1, Firefighter 1',
          ],
        },
      ],
      errors: [{ row: 5, error: 'shiftACapacity must be a whole number of 0 or more (got "x")' }],
    });
    expect(message).toBe('Preview: 1 new station, 1 updated, 1 unchanged, 1 row with errors. Nothing is saved yet.');
    expect(await snapshot()).toEqual(before);

    const commit = await upload(file);
    expect(commit.statusCode, commit.body).toBe(200);
    expect({ ...commit.json().results, dryRun: true }).toEqual(results);
    expect(commit.json().message).toBe('Import completed! 1 station created, 1 updated, 1 skipped.');
    const list = (await injectAs(context, admin, { method: 'GET', url: '/api/stations?includeInactive=true' })).json()
      .stations as Station[];
    expect(list.find((station) => station.id === changed.id)).toMatchObject({
      name: 'New Name',
      description: 'Renamed',
      shiftCapacity: { A: 3, B: 4, C: 4 },
      totalCapacity: 11,
    });
    expect(list.find((station) => station.number === nextNumber + 50)).toMatchObject({ totalCapacity: 8 });
    // Uploaded again, the file changes nothing more.
    expect((await upload(file, '?dryRun=1')).json().results).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('refuses a row that would take away seats members hold, and changes nothing of that station', async () => {
    const station = await createStation({ name: 'Held Seats' });
    await seatMember(station.id, 'B', 'Firefighter');
    await seatMember(station.id, 'B', 'Firefighter');
    const before = await snapshot();
    const file = [HEADER, `Held Seats,${station.number},"1 Main St, Springfield",4,3,4,`].join('\n');
    for (const query of ['?dryRun=1', '']) {
      const { results } = (await upload(file, query)).json();
      expect(results).toMatchObject({ updated: 0, skipped: 1 });
      expect(results.errors[0].error).toMatch(new RegExp(`^Station ${station.number}: .*Firefighter`));
    }
    expect((await snapshot()).seats).toEqual(before.seats);
  });

  it('accepts an old file with totalCapacity when it agrees with the seats, and refuses the rows where it does not', async () => {
    const base = nextNumber + 100;
    const file = [
      'name,number,address,totalCapacity,shiftACapacity,shiftBCapacity,shiftCCapacity',
      `Agrees,${base},1 A St,6,2,2,2`,
      `Disagrees,${base + 1},1 B St,9,2,2,2`,
      `Blank Total,${base + 2},1 C St,,1,1,1`,
      `Not A Number,${base + 3},1 D St,many,1,1,1`,
    ].join('\n');
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json();
    expect(results).toMatchObject({ created: 2, skipped: 2 });
    expect(results.errors).toEqual([
      {
        row: 3,
        error:
          "totalCapacity is 9, but the shift columns give 6 seats (A + B + C). A station's capacity comes from its seats: correct the shift columns, or remove the totalCapacity column.",
      },
      { row: 5, error: expect.stringMatching(/^totalCapacity is many, but the shift columns give 3 seats/) },
    ]);
    const numbers = (await context.db.select({ number: stations.number }).from(stations)).map((row) => row.number);
    expect(numbers).toEqual(expect.arrayContaining([base, base + 2]));
    expect(numbers).not.toContain(base + 1);
  });

  it('refuses a dryRun that is not 1 or 0', async () => {
    const response = await upload(`${HEADER}\n`, '?dryRun=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/dryRun must be 1 or 0/);
  });
});

describe("the spec client's station form (contract gap 6)", () => {
  it('coerces numeric strings and accepts shiftCapacity {A, B, C} on create and update', async () => {
    nextNumber += 1;
    const created = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/stations',
      payload: {
        name: `Station ${nextNumber}`,
        number: String(nextNumber),
        address: '2 Main St',
        totalCapacity: '9',
        shiftCapacity: { A: '3', B: 3, C: '3' },
        isActive: 'true',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { station } = created.json();
    expect(station).toMatchObject({ number: nextNumber, totalCapacity: 9, shiftCapacity: { A: 3, B: 3, C: 3 } });

    const updated = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: { number: ` ${nextNumber} `, shiftCapacity: { A: '4', B: '', C: '2' }, totalCapacity: '6' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().station).toMatchObject({ totalCapacity: 6, shiftCapacity: { A: 4, B: 0, C: 2 } });

    const notANumber = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: { number: 'seven' },
    });
    expect(notANumber.statusCode).toBe(400);
  });
});
