/** GET /api/admin/users at department scale: pages, search, filters, sort orders and bad input. */
import { computeSeniorityScore, PROFESSIONAL_POSITIONS, RANKS } from '@stationbid/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, seats, stations } from '../../db/schema/index.ts';
import {
  createAdmin,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { announceMembersAdded } from '../auth/member-cache.ts';

let context: TestContext;
let adminSession: SignedIn;
const DEPARTMENT_SIZE = 250;

interface ListedUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  yearsOfService: number;
  rank: string;
  position: string;
  manualSeniorityScore: number | null;
  seniorityScore: number;
  isActive: boolean;
  isAdmin: boolean;
  status: string;
  bidPriority: number | null;
  currentStation: { id: string; number: number } | null;
  currentShift: string | null;
}
interface ListAnswer {
  users: ListedUser[];
  total: number;
  nextCursor: string | null;
}

beforeAll(async () => {
  context = await createTestContext();
  const admin = await createAdmin(context, { firstName: 'Ada', lastName: 'Chief', employeeId: 'ADMIN-1' });
  adminSession = await signIn(context, admin.email);
  // 249 members more (250 with the administrator): every rank, position and years 0 to 40, some
  // inactive, some pending, a few with a manual score, and repeated first names so ties happen.
  const rows = Array.from({ length: DEPARTMENT_SIZE - 1 }, (_, index) => ({
    email: `member${index}@dept.example`,
    passwordHash: index % 7 === 0 ? null : 'not-a-real-hash',
    firstName: ['Alex', 'Blair', 'Casey', 'Drew', 'Emery'][index % 5] as string,
    lastName: `Walker${String(index).padStart(3, '0')}`,
    employeeId: `E-${String(1000 + ((index * 37) % 997)).padStart(4, '0')}-${index}`,
    rank: RANKS[index % RANKS.length] as string,
    position: PROFESSIONAL_POSITIONS[index % PROFESSIONAL_POSITIONS.length] as string,
    yearsOfService: index % 41,
    manualSeniorityScore: index % 50 === 3 ? 900 + index : null,
    isActive: index % 11 !== 0,
  }));
  await context.db.insert(members).values(rows);
  // Written past the app, so the app is told, as its own imports do.
  announceMembersAdded(context.db);
});
afterAll(async () => {
  await context.close();
});

async function list(query: string): Promise<ListAnswer> {
  const response = await injectAs(context, adminSession, { method: 'GET', url: `/api/admin/users${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a query, following nextCursor from the first page. */
async function walk(query: string): Promise<{ users: ListedUser[]; pages: number; totals: number[] }> {
  const users: ListedUser[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: ListAnswer = await list(`?${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    users.push(...page.users);
    totals.push(page.total);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor !== null);
  return { users, pages, totals };
}

const collator = new Intl.Collator('en');
const nameKey = (user: ListedUser) => `${user.firstName} ${user.lastName}`.toLowerCase();

describe('GET /api/admin/users with pages', () => {
  it('walks all 250 members of the department exactly once, 50 at a time, in name order', async () => {
    const { users, pages, totals } = await walk('limit=50');
    expect(pages).toBe(5);
    expect(totals.every((total) => total === DEPARTMENT_SIZE)).toBe(true);
    expect(users).toHaveLength(DEPARTMENT_SIZE);
    expect(new Set(users.map((user) => user.id)).size).toBe(DEPARTMENT_SIZE);
    const names = users.map(nameKey);
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it('gives the same members in the same order page by page as in one whole list', async () => {
    const whole = await list('?sortBy=seniority&sortDirection=desc');
    expect(whole.nextCursor).toBeNull();
    const { users } = await walk('limit=33&sortBy=seniority&sortDirection=desc');
    expect(users.map((user) => user.id)).toEqual(whole.users.map((user) => user.id));
  });

  it('walks every sort order and direction exactly once, each in its order', async () => {
    const rankIndex = (user: ListedUser) => RANKS.indexOf(user.rank as (typeof RANKS)[number]);
    const primary: Record<string, (user: ListedUser) => number | string> = {
      yearsOfService: (user) => user.yearsOfService,
      rank: rankIndex,
      seniority: (user) => user.seniorityScore,
    };
    for (const [sortBy, key] of Object.entries(primary)) {
      for (const direction of ['asc', 'desc'] as const) {
        const { users } = await walk(`limit=40&sortBy=${sortBy}&sortDirection=${direction}`);
        expect(new Set(users.map((user) => user.id)).size, `${sortBy} ${direction}`).toBe(DEPARTMENT_SIZE);
        const keys = users.map(key);
        const sorted = [...keys].sort((a, b) =>
          typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b)),
        );
        expect(keys, `${sortBy} ${direction}`).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      }
    }
    // E-mails are ordered by the database's collation, which differs between PGlite and a server:
    // the pages must give exactly the whole list's order.
    for (const direction of ['asc', 'desc'] as const) {
      const whole = await list(`?sortBy=email&sortDirection=${direction}`);
      const { users } = await walk(`limit=40&sortBy=email&sortDirection=${direction}`);
      expect(users.map((user) => user.email)).toEqual(whole.users.map((user) => user.email));
    }
  });

  it('sorts by the seniority score the domain computes, manual scores included', async () => {
    const { users } = await walk('limit=200&sortBy=seniority');
    expect(users.some((user) => user.manualSeniorityScore !== null)).toBe(true);
    const scores = users.map((user) => user.seniorityScore);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    for (const user of users) expect(user.seniorityScore).toBe(computeSeniorityScore(user));
  });

  it('searches name (either order), e-mail and employee ID in any letter case', async () => {
    const byLastName = await list('?limit=50&search=WALKER012');
    expect(byLastName.users.map((user) => user.lastName)).toEqual(['Walker012']);
    expect(byLastName.total).toBe(1);
    expect((await list('?limit=50&search=casey%20walker012')).users).toHaveLength(1);
    expect((await list('?limit=50&search=walker012%20casey')).users).toHaveLength(1);
    expect((await list('?limit=50&search=MEMBER12%40dept')).users.map((user) => user.email)).toEqual([
      'member12@dept.example',
    ]);
    const byEmployeeId = await list('?limit=50&search=e-1000-0');
    expect(byEmployeeId.users.map((user) => user.employeeId)).toEqual(['E-1000-0']);
    // A percent sign is text to find, not a pattern that matches everyone.
    expect((await list('?limit=50&search=%25')).total).toBe(0);
  });

  it('pages through a search with its own total', async () => {
    const { users, totals } = await walk('limit=10&search=alex');
    expect(users.length).toBe(50);
    expect(totals[0]).toBe(50);
    expect(users.every((user) => user.firstName === 'Alex')).toBe(true);
  });

  it('filters as the User List does: active, inactive, pending, admin, senior and junior', async () => {
    const checks: Record<string, (user: ListedUser) => boolean> = {
      active: (user) => user.isActive,
      inactive: (user) => !user.isActive,
      pending: (user) => user.isActive && user.status === 'pending',
      admin: (user) => user.isAdmin,
      senior: (user) => user.yearsOfService >= 10,
      junior: (user) => user.yearsOfService < 5,
    };
    const everyone = (await list('')).users;
    for (const [filter, test] of Object.entries(checks)) {
      const { users, totals } = await walk(`limit=25&filter=${filter}`);
      const expected = everyone.filter(test);
      expect(expected.length, filter).toBeGreaterThan(0);
      expect(totals[0], filter).toBe(expected.length);
      expect(users.map((user) => user.id).sort(), filter).toEqual(expected.map((user) => user.id).sort());
    }
  });

  it('answers at most limit members with a cursor, none on the last page, and 50 for a cursor alone', async () => {
    const paged = await list('?limit=200');
    expect(paged.users).toHaveLength(200);
    expect(paged.nextCursor).not.toBeNull();
    const last = await list(`?limit=200&cursor=${encodeURIComponent(paged.nextCursor as string)}`);
    expect(last.users).toHaveLength(50);
    expect(last.nextCursor).toBeNull();
    // A cursor alone pages with the default size.
    const firstPage = await list('?limit=1');
    const afterCursor = await list(`?cursor=${encodeURIComponent(firstPage.nextCursor as string)}`);
    expect(afterCursor.users).toHaveLength(50);
  });

  it('keeps the whole list for a client that sends no paging parameters, with the bid priorities', async () => {
    const answer = await list('');
    expect(answer.users).toHaveLength(DEPARTMENT_SIZE);
    expect(answer.total).toBe(DEPARTMENT_SIZE);
    expect(answer.nextCursor).toBeNull();
    const priorities = answer.users.flatMap((user) => (user.bidPriority === null ? [] : [user.bidPriority]));
    expect(priorities.sort((a, b) => a - b)).toEqual(
      Array.from({ length: answer.users.filter((user) => user.isActive).length }, (_, index) => index + 1),
    );
  });

  it('narrows by rank, station and shift, with the filter and search, page by page with their own total', async () => {
    // Two stations; twelve members seated: six at Alder (A and B shifts), six at Birch (A, B, C).
    const [alder, birch] = await context.db
      .insert(stations)
      .values([
        { number: 71, name: 'Alder' },
        { number: 72, name: 'Birch' },
      ])
      .returning();
    const seated = await context.db
      .select({ id: members.id, lastName: members.lastName })
      .from(members)
      .where(
        inArray(
          members.lastName,
          Array.from({ length: 12 }, (_, index) => `Walker${String(index).padStart(3, '0')}`),
        ),
      );
    expect(seated).toHaveLength(12);
    const placements = seated.map((member, index) => ({
      memberId: member.id,
      stationId: index < 6 ? (alder?.id as string) : (birch?.id as string),
      shift: index < 6 ? (['A', 'B'][index % 2] as string) : (['A', 'B', 'C'][index % 3] as string),
    }));
    for (const [ordinal, placement] of placements.entries()) {
      const [seat] = await context.db
        .insert(seats)
        .values({
          stationId: placement.stationId,
          shift: placement.shift,
          seatPosition: 'Firefighter',
          ordinal: ordinal + 1,
        })
        .returning();
      await context.db
        .update(members)
        .set({ currentSeatId: seat?.id })
        .where(inArray(members.id, [placement.memberId]));
    }
    const idsWhere = (test: (placement: (typeof placements)[number]) => boolean) =>
      placements
        .filter(test)
        .map((placement) => placement.memberId)
        .sort();

    const atAlder = await walk(`limit=4&stationId=${alder?.id}`);
    expect(atAlder.totals[0]).toBe(6);
    expect(atAlder.pages).toBe(2);
    expect(atAlder.users.map((user) => user.id).sort()).toEqual(
      idsWhere((placement) => placement.stationId === alder?.id),
    );
    expect(atAlder.users.every((user) => user.currentStation?.number === 71)).toBe(true);

    const onB = await walk('limit=3&shift=B');
    expect(onB.users.map((user) => user.id).sort()).toEqual(idsWhere((placement) => placement.shift === 'B'));
    expect(onB.users.every((user) => user.currentShift === 'B')).toBe(true);

    const birchOnC = await list(`?limit=50&stationId=${birch?.id}&shift=C`);
    expect(birchOnC.total).toBe(2);
    expect(birchOnC.users.map((user) => user.id).sort()).toEqual(
      idsWhere((placement) => placement.stationId === birch?.id && placement.shift === 'C'),
    );

    // A rank, alone and with a filter and a search: every answer is the whole list narrowed the same way.
    const everyone = (await list('')).users;
    const chiefs = await walk('limit=10&rank=Battalion%20Chief');
    const expectedChiefs = everyone.filter((user) => user.rank === 'Battalion Chief');
    expect(expectedChiefs.length).toBeGreaterThan(0);
    expect(chiefs.totals[0]).toBe(expectedChiefs.length);
    expect(chiefs.users.map((user) => user.id).sort()).toEqual(expectedChiefs.map((user) => user.id).sort());
    const activeAlexCaptains = await walk('limit=5&rank=Captain&filter=active&search=alex');
    const expectedAlexCaptains = everyone.filter(
      (user) => user.rank === 'Captain' && user.isActive && user.firstName === 'Alex',
    );
    expect(activeAlexCaptains.users.map((user) => user.id).sort()).toEqual(
      expectedAlexCaptains.map((user) => user.id).sort(),
    );
  });

  it('refuses an unknown rank, shift or station with 400 and says which values it takes', async () => {
    const cases: [string, RegExp][] = [
      ['?rank=Sergeant', /rank must be one of: Firefighter, Engineer, Lieutenant, Captain/],
      ['?shift=D', /shift must be one of: A, B, C/],
      ['?stationId=7', /stationId must be the id of a station/],
      ['?stationId=3f1c1c52-8f7e-4a8e-9a43-0d2d7d7e2b11', /There is no station with this stationId/],
      ['?limit=10&stationId=3f1c1c52-8f7e-4a8e-9a43-0d2d7d7e2b11&shift=A', /There is no station with this stationId/],
    ];
    for (const [query, message] of cases) {
      const response = await injectAs(context, adminSession, { method: 'GET', url: `/api/admin/users${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(message);
    }
  });

  it('refuses bad input with 400 and a message saying what is wrong', async () => {
    const cases: [string, RegExp][] = [
      ['?limit=0', /limit must be a whole number from 1 to 200/],
      ['?limit=201', /limit must be a whole number from 1 to 200/],
      ['?limit=ten', /limit must be a whole number from 1 to 200/],
      ['?filter=veterans', /filter must be one of: all, active/],
      ['?sortBy=age', /sortBy must be one of: name, seniority/],
      ['?sortDirection=up', /sortDirection must be asc or desc/],
      ['?cursor=not-a-cursor', /The cursor is not one this list gave out/],
      [`?search=${'x'.repeat(101)}`, /Search must be at most 100 characters/],
    ];
    for (const [query, message] of cases) {
      const response = await injectAs(context, adminSession, { method: 'GET', url: `/api/admin/users${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(message);
    }
    const { nextCursor } = await list('?limit=5&sortBy=name');
    const mismatch = await injectAs(context, adminSession, {
      method: 'GET',
      url: `/api/admin/users?sortBy=email&cursor=${encodeURIComponent(nextCursor as string)}`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatch(/The cursor belongs to another sort order/);
  });
});
