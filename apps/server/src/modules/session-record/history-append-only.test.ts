/**
 * History is never edited (bidding-rules.md, "Consistency"): the database itself refuses
 * to change or delete an entry, or the recorded settings, while the session exists. What the
 * foreign keys do (a deleted member's link becomes null) still works, and so does deleting a whole
 * session. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { checkRecordContent } from '@stationbid/domain';
import { sql } from 'drizzle-orm';
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
import { createStationWithSeats, readHistory, startSession } from '../session-engine/test-sessions.ts';

let context: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
});
afterAll(async () => context?.close());

/** A session of two members where the first has bid; answers its id and the bidder. */
async function sessionWithABid() {
  const bidder = await createMember(context, { yearsOfService: 20 });
  const other = await createMember(context, { yearsOfService: 10 });
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
  const sessionId = await startSession(context, admin, {
    participantIds: [bidder.id, other.id],
    stationIds: [station.id],
  });
  const bid = await injectAs(context, await signIn(context, bidder.email), {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } },
  });
  expect(bid.statusCode, bid.body).toBe(200);
  return { sessionId, bidder };
}

/** The database's refusal, wherever the driver put it (drizzle wraps it as the cause). */
async function refusalOf(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause)
      messages.push(current.message);
    return messages.join(' / ');
  }
  throw new Error('the database accepted the statement');
}

describe('an entry of the history', () => {
  it('cannot be changed, in its hashed content or its columns', async () => {
    const { sessionId } = await sessionWithABid();
    const [, bidEntry] = await readHistory(context.db, sessionId);
    if (!bidEntry) throw new Error('no bid entry');
    expect(bidEntry.action).toBe('bid_submitted');
    for (const change of [
      sql`update session_history set station_number = 99 where id = ${bidEntry.id}`,
      sql`update session_history set details = '{"proxy": true}'::jsonb where id = ${bidEntry.id}`,
      sql`update session_history set record_entry = replace(record_entry, 'bid_submitted', 'auto_assigned') where id = ${bidEntry.id}`,
      sql`update session_history set entry_hash = repeat('0', 64) where id = ${bidEntry.id}`,
    ]) {
      expect(await refusalOf(context.db.execute(change))).toMatch(
        new RegExp(`session history is append-only: entry ${bidEntry.id} of session ${sessionId} cannot be changed`),
      );
    }
    const [unchanged] = (await readHistory(context.db, sessionId)).filter((entry) => entry.id === bidEntry.id);
    expect(unchanged).toEqual(bidEntry);
  });

  it('cannot be deleted while its session exists, nor can the recorded settings be changed or deleted', async () => {
    const { sessionId } = await sessionWithABid();
    expect(
      await refusalOf(context.db.execute(sql`delete from session_history where session_id = ${sessionId}`)),
    ).toMatch(/session history is append-only: entry \d+ of session .* cannot be deleted while the session exists/);
    expect(
      await refusalOf(
        context.db.execute(
          sql`update session_record_settings set settings_hash = repeat('0', 64) where session_id = ${sessionId}`,
        ),
      ),
    ).toContain(`the recorded settings of session ${sessionId} cannot be changed`);
    expect(
      await refusalOf(context.db.execute(sql`delete from session_record_settings where session_id = ${sessionId}`)),
    ).toContain('cannot be deleted while the session exists');
    expect((await readHistory(context.db, sessionId)).length).toBeGreaterThan(1);
  });

  it("lets a deleted member's link become null, and keeps the record verifiable", async () => {
    const { sessionId, bidder } = await sessionWithABid();
    await context.db.execute(sql`delete from members where id = ${bidder.id}`);
    const bidEntry = (await readHistory(context.db, sessionId)).find((entry) => entry.action === 'bid_submitted');
    expect(bidEntry).toMatchObject({ actorId: null });
    // The hashed content still names who bid.
    expect(bidEntry?.recordEntry).toContain(bidder.id);
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/end` });
    const record = await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` });
    expect(checkRecordContent(record.json())).toMatchObject({ ok: true, awardsReproduced: 1 });
  });

  it('goes with its session when the session is deleted', async () => {
    const { sessionId } = await sessionWithABid();
    await context.db.execute(sql`delete from bid_sessions where id = ${sessionId}`);
    expect(await readHistory(context.db, sessionId)).toEqual([]);
    const settings = await context.db.execute(
      sql`select 1 from session_record_settings where session_id = ${sessionId}`,
    );
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
