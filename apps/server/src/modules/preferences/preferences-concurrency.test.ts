/**
 * Two saves of one member's ranked list at the same moment, each made on the same copy (a phone and
 * a desktop that both read version 0): on PostgreSQL, with real concurrent transactions, exactly
 * one applies and the other is refused with 409, and the stored list is the winner's whole. PGlite
 * has a single connection, so nothing runs at the same time there and these tests are skipped on
 * it; run them with TEST_DATABASE_URL.
 */
import { BID_PREFERENCE_MESSAGES } from '@stationbid/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import {
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats } from '../session-engine/test-sessions.ts';

const URL = '/api/users/preferences';
const isPostgres = inject('databaseSource').kind === 'postgres';

let context: TestContext;

beforeAll(async () => {
  if (isPostgres) context = await createTestContext();
});
afterAll(async () => context?.close());

const save = (who: SignedIn, payload: Record<string, unknown>) =>
  injectAs(context, who, { method: 'PUT', url: URL, payload });

async function memberWithTwoLists() {
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 1 } });
  const row = await createMember(context);
  const auth = await signIn(context, row.email);
  const phoneList = [{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }];
  const desktopList = [{ stationId: station.id, shift: 'B', seatPosition: 'Firefighter' }];
  return { row, auth, phoneList, desktopList };
}

describe.skipIf(!isPostgres)('two saves of the same copy at once (PostgreSQL)', () => {
  it('applies exactly one and refuses the other with 409', async () => {
    const { auth, phoneList, desktopList } = await memberWithTwoLists();
    const answers = await Promise.all([
      save(auth, { seatChoices: phoneList, version: 0 }),
      save(auth, { seatChoices: desktopList, version: 0 }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json().error).toBe(BID_PREFERENCE_MESSAGES.changedElsewhere);
    const stored = (await injectAs(context, auth, { method: 'GET', url: URL })).json().preferences;
    expect(stored.version).toBe(1);
    expect(stored.seatChoices).toEqual(winner?.json().preferences.seatChoices);
  });

  it('still applies one when both are waiting on the row together, released in the same instant', async () => {
    const { row, auth, phoneList, desktopList } = await memberWithTwoLists();
    // A transaction holds the member's row, so both saves are certainly inside theirs, waiting on it,
    // before either can compare versions: the check must be made under the lock, not before it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = context.db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, row.id)).for('update');
      locked();
      await released;
    });
    await isLocked;
    const saves = Promise.all([
      save(auth, { seatChoices: phoneList, version: 0 }),
      save(auth, { seatChoices: desktopList, version: 0 }),
    ]);
    // Both saves are queued behind the holder's lock before it lets go.
    await waitForLockWaiters(2);
    release();
    await holder;
    const statuses = (await saves).map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const stored = (await injectAs(context, auth, { method: 'GET', url: URL })).json().preferences;
    expect(stored.version).toBe(1);
  });
});

/** Waits until this many sessions of the test database wait on a row lock. */
async function waitForLockWaiters(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const result = await context.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const [row] = (result as unknown as { rows: { waiting: number }[] }).rows;
    if ((row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} saves waited on the member's row`);
}
