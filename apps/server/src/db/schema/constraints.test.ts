import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/test-app.ts';
import { isUniqueViolation } from '../errors.ts';
import { members, seats, stations } from './index.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** The database refuses the write, whatever the application would have allowed. */
async function expectRefused(write: () => Promise<unknown>, uniqueConstraint?: string) {
  const error = await write().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the database accepted a write that breaks a rule').toBeDefined();
  if (uniqueConstraint) expect(isUniqueViolation(error, uniqueConstraint)).toBe(true);
}

describe('rules the database keeps by itself', () => {
  it('keeps e-mail unique whatever its case, and stored lower-case', async () => {
    await createMember(context, { email: 'dana@test.example' });
    await expectRefused(() =>
      context.db
        .insert(members)
        .values({ email: 'DANA@test.example', firstName: 'D', lastName: 'X', employeeId: 'U-1' }),
    );
    await expectRefused(
      () => createMember(context, { email: 'dana@test.example', employeeId: 'U-2' }),
      'members_email_lower_unique',
    );
  });

  it('keeps employee IDs unique', async () => {
    await createMember(context, { employeeId: 'E-777' });
    await expectRefused(() => createMember(context, { employeeId: 'E-777' }), 'members_employee_id_unique');
  });

  it('keeps station numbers unique and at least 1', async () => {
    await context.db.insert(stations).values({ number: 41, name: 'Forty-one' });
    await expectRefused(
      () => context.db.insert(stations).values({ number: 41, name: 'Again' }),
      'stations_number_unique',
    );
    await expectRefused(() => context.db.insert(stations).values({ number: 0, name: 'Zero' }));
  });

  it('knows only shifts A, B and C, the four seat positions, and the spec ranks and positions', async () => {
    const [station] = await context.db.insert(stations).values({ number: 42, name: 'Forty-two' }).returning();
    await expectRefused(() =>
      context.db.insert(seats).values({ stationId: station!.id, shift: 'D', seatPosition: 'Captain', ordinal: 1 }),
    );
    await expectRefused(() =>
      context.db.insert(seats).values({ stationId: station!.id, shift: 'A', seatPosition: 'Chief', ordinal: 1 }),
    );
    await expectRefused(() => createMember(context, { rank: 'Admiral' }));
    await expectRefused(() => createMember(context, { yearsOfService: 51 }));
  });

  it('never lets two members hold one seat', async () => {
    const [station] = await context.db.insert(stations).values({ number: 43, name: 'Forty-three' }).returning();
    const [seat] = await context.db
      .insert(seats)
      .values({ stationId: station!.id, shift: 'A', seatPosition: 'Firefighter', ordinal: 1 })
      .returning();
    await createMember(context, { currentSeatId: seat!.id });
    await expectRefused(() => createMember(context, { currentSeatId: seat!.id }), 'members_current_seat_unique');
  });
});
