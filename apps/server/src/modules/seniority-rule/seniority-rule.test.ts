/**
 * The department's seniority rule as an administrators' setting: today's order until one is set,
 * the presets offered beside it, a rule that cannot order a queue refused with a message that says
 * why, and today's order saved as no rule (so each session's tie-break chain still applies).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { DEFAULT_SENIORITY_RULE, type SeniorityRuleResponse } from '@stationbid/domain';
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

let context: TestContext;
let admin: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set('2026-11-23T20:00:00.000Z');
  admin = await signIn(context, (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email);
  member = await signIn(context, (await createMember(context)).email);
});
afterAll(async () => {
  await context?.close();
});

const readRule = (who: SignedIn) => injectAs(context, who, { method: 'GET', url: '/api/admin/seniority-rule' });
const saveRule = (who: SignedIn, payload: unknown) =>
  injectAs(context, who, { method: 'PUT', url: '/api/admin/seniority-rule', payload: payload as object });

const TIME_IN_RANK = [
  { key: 'rankDate', direction: 'asc' },
  { key: 'listNumber', direction: 'asc' },
  { key: 'hireDate', direction: 'asc' },
  { key: 'lottery', direction: 'asc' },
];

describe('the seniority rule setting', () => {
  it("answers today's order while none is set, with the presets", async () => {
    const response = await readRule(admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SeniorityRuleResponse>();
    expect(body).toMatchObject({ keys: DEFAULT_SENIORITY_RULE.keys, isDefault: true, updatedAt: null });
    expect(body.presets.map((preset) => [preset.id, preset.name])).toEqual([
      ['default', "Today's order"],
      ['timeInRank', 'Time in rank'],
      ['timeOnDepartment', 'Time on the department'],
    ]);
    expect(body.presets[1]?.keys).toEqual(TIME_IN_RANK);
  });

  it('is read and changed by administrators only', async () => {
    expect((await readRule(member)).statusCode).toBe(403);
    expect((await saveRule(member, { keys: TIME_IN_RANK })).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/admin/seniority-rule' })).statusCode).toBe(401);
  });

  it('refuses a rule that cannot order a queue, saying why', async () => {
    const cases: [unknown, string][] = [
      [{ keys: [] }, 'The seniority rule needs at least one key.'],
      [
        {
          keys: [
            { key: 'lottery', direction: 'asc' },
            { key: 'hireDate', direction: 'asc' },
          ],
        },
        'may only be the last key',
      ],
      [
        {
          keys: [
            { key: 'hireDate', direction: 'asc' },
            { key: 'hireDate', direction: 'desc' },
          ],
        },
        'Hire date (hireDate) appears twice',
      ],
      [{ keys: [{ key: 'shoeSize', direction: 'asc' }] }, 'Each key must be one of: rankDate, hireDate'],
      [{ keys: [{ key: 'hireDate', direction: 'sideways' }] }, 'Each direction must be asc or desc.'],
    ];
    for (const [payload, message] of cases) {
      const answer = await saveRule(admin, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ error: string }>().error).toContain(message);
    }
    expect((await readRule(admin)).json<SeniorityRuleResponse>().isDefault).toBe(true);
  });

  it('saves a rule, and saves the default preset as no rule', async () => {
    const saved = await saveRule(admin, { keys: TIME_IN_RANK });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SeniorityRuleResponse>()).toMatchObject({
      keys: TIME_IN_RANK,
      isDefault: false,
      updatedAt: '2026-11-23T20:00:00.000Z',
    });
    expect((await readRule(admin)).json<SeniorityRuleResponse>()).toMatchObject({
      keys: TIME_IN_RANK,
      isDefault: false,
    });

    const reset = await saveRule(admin, { keys: DEFAULT_SENIORITY_RULE.keys });
    expect(reset.json<SeniorityRuleResponse>()).toMatchObject({ keys: DEFAULT_SENIORITY_RULE.keys, isDefault: true });
    expect((await readRule(admin)).json<SeniorityRuleResponse>().isDefault).toBe(true);
  });

  it('places a member by the rule on their own seniority page, with the key that puts them ahead', async () => {
    const senior = await createMember(context, { rankDate: '2010-04-01', firstName: 'Ana' });
    await createMember(context, { rankDate: '2016-01-01' });
    const seniorSignedIn = await signIn(context, senior.email);
    const before = await injectAs(context, seniorSignedIn, { method: 'GET', url: '/api/users/seniority' });
    expect(before.json()).not.toHaveProperty('aheadOfNextBecause');

    await saveRule(admin, { keys: TIME_IN_RANK });
    const after = await injectAs(context, seniorSignedIn, { method: 'GET', url: '/api/users/seniority' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ queuePosition: 1, aheadOfNextBecause: 'earlier promotion: 2010-04-01' });
    await saveRule(admin, { keys: DEFAULT_SENIORITY_RULE.keys });
  });
});
