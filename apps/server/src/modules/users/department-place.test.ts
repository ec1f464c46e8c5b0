/**
 * A member's department place outside any session, wherever it is shown: `bidPriority` on the
 * signed-in member (GET /api/auth/me, the dashboard's "#N in queue"), on their profile and in the
 * administrators' member list, and `queuePosition` on their seniority page. They follow the
 * department's seniority rule together, and move together when a member's date in rank or the rule
 * changes, though the places are kept computed between requests. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { DEFAULT_SENIORITY_RULE, type SeniorityInfo, type User } from '@stationbid/domain';
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

const TIME_IN_RANK = [
  { key: 'rankDate', direction: 'asc' },
  { key: 'listNumber', direction: 'asc' },
  { key: 'hireDate', direction: 'asc' },
  { key: 'lottery', direction: 'asc' },
];

let context: TestContext;
let admin: SignedIn;
/** Each member's id and sign-in, by first name. */
const people = new Map<string, { id: string; signedIn: SignedIn }>();

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set('2026-11-23T20:00:00.000Z');
  // Today's order (score from years of service) and time in rank disagree on purpose: Ben has the
  // most service but the latest promotion, Ana the least service but the earliest promotion. Cy
  // and Dee tie on every key of both, so their employee IDs order them.
  const rows = [
    { firstName: 'Alex', isAdmin: true, rank: 'Battalion Chief', employeeId: 'DP-0', rankDate: '2020-06-01' },
    { firstName: 'Ana', employeeId: 'DP-1', yearsOfService: 2, rankDate: '2010-01-01' },
    { firstName: 'Ben', employeeId: 'DP-2', yearsOfService: 20, rankDate: '2018-01-01' },
    { firstName: 'Cy', employeeId: 'DP-3', yearsOfService: 10, rankDate: '2014-03-02', listNumber: 5 },
    { firstName: 'Dee', employeeId: 'DP-4', yearsOfService: 10, rankDate: '2014-03-02', listNumber: 5 },
  ];
  for (const row of rows) {
    const member = row.isAdmin ? await createAdmin(context, row) : await createMember(context, row);
    people.set(row.firstName, { id: member.id, signedIn: await signIn(context, member.email) });
  }
  admin = people.get('Alex')!.signedIn;
});
afterAll(async () => {
  await context?.close();
});

const saveRule = async (keys: readonly object[]) => {
  const saved = await injectAs(context, admin, { method: 'PUT', url: '/api/admin/seniority-rule', payload: { keys } });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** Every place each screen shows, by first name: they must all be the same. */
async function placesShown() {
  const listed = await injectAs(context, admin, { method: 'GET', url: '/api/admin/users' });
  expect(listed.statusCode, listed.body).toBe(200);
  const inList = new Map(listed.json<{ users: User[] }>().users.map((user) => [user.id, user.bidPriority]));
  const shown: Record<string, { me: number | null; profile: number | null; list: number | null; page: number | null }> =
    {};
  for (const [name, { id, signedIn }] of people) {
    const me = await injectAs(context, signedIn, { method: 'GET', url: '/api/auth/me' });
    const profile = await injectAs(context, signedIn, { method: 'GET', url: '/api/users/profile' });
    const page = await injectAs(context, signedIn, { method: 'GET', url: '/api/users/seniority' });
    expect([me.statusCode, profile.statusCode, page.statusCode], page.body).toEqual([200, 200, 200]);
    shown[name] = {
      me: me.json<{ user: User }>().user.bidPriority,
      profile: profile.json<{ user: User }>().user.bidPriority,
      list: inList.get(id) ?? null,
      page: page.json<SeniorityInfo>().queuePosition,
    };
  }
  return shown;
}

/** What `placesShown` answers when every screen shows `places`. */
const everywhere = (places: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(places).map(([name, place]) => [name, { me: place, profile: place, list: place, page: place }]),
  );

const seniorityPage = async (name: string) =>
  (
    await injectAs(context, people.get(name)!.signedIn, { method: 'GET', url: '/api/users/seniority' })
  ).json<SeniorityInfo>();

describe('the department place outside a session', () => {
  it("is today's order everywhere while no rule is set", async () => {
    expect(await placesShown()).toEqual(everywhere({ Ben: 1, Cy: 2, Dee: 3, Ana: 4, Alex: 5 }));
  });

  it('follows the seniority rule everywhere once one is set, though the old places were kept', async () => {
    await saveRule(TIME_IN_RANK);
    expect(await placesShown()).toEqual(everywhere({ Ana: 1, Cy: 2, Dee: 3, Ben: 4, Alex: 5 }));
    // No lot is drawn outside a session: the page says so rather than inventing an order.
    expect(await seniorityPage('Cy')).toMatchObject({
      queuePosition: 2,
      totalActiveMembers: 5,
      aheadOfNextBecause: 'tied: a lot drawn when a session starts decides',
    });
    expect(await seniorityPage('Ana')).toMatchObject({ aheadOfNextBecause: 'earlier promotion: 2010-01-01' });
  });

  it("moves everywhere when an administrator corrects a member's date in rank", async () => {
    const corrected = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${people.get('Ben')!.id}`,
      payload: { rankDate: '2005-01-01' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<{ user: User }>().user.bidPriority).toBe(1);
    expect(await placesShown()).toEqual(everywhere({ Ben: 1, Ana: 2, Cy: 3, Dee: 4, Alex: 5 }));
    expect(await seniorityPage('Ben')).toMatchObject({ aheadOfNextBecause: 'earlier promotion: 2005-01-01' });
  });

  it('moves everywhere when a list number splits a tie', async () => {
    const corrected = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${people.get('Dee')!.id}`,
      payload: { listNumber: 2 },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await placesShown()).toEqual(everywhere({ Ben: 1, Ana: 2, Dee: 3, Cy: 4, Alex: 5 }));
    expect(await seniorityPage('Dee')).toMatchObject({ aheadOfNextBecause: 'lower list number: 2' });
  });

  it("goes back to today's order everywhere when the rule is set back", async () => {
    await saveRule(DEFAULT_SENIORITY_RULE.keys);
    expect(await placesShown()).toEqual(everywhere({ Ben: 1, Cy: 2, Dee: 3, Ana: 4, Alex: 5 }));
    expect(await seniorityPage('Ben')).not.toHaveProperty('aheadOfNextBecause');
  });
});
