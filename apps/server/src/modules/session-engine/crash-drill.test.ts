/**
 * The crash drill (drill/crash-drill.ts, `npm run drill`) at the size CI can afford: 30 members
 * bidding against two real server processes on PostgreSQL while one of them is SIGKILLed and
 * restarted at least 10 times. The drill's own checks must all pass; and, tampered with afterwards,
 * the database must fail them, so a drill that checks nothing cannot pass here.
 * PGlite is one process's embedded database, so the drill needs TEST_DATABASE_URL.
 */
import { describe, expect, inject, it } from 'vitest';
import { type DrillInspection, runDrill } from '../../../../../drill/crash-drill.ts';

const source = inject('databaseSource');
const isPostgres = source.kind === 'postgres';

// The reason, in the test report, when it is skipped.
if (!isPostgres) {
  it.skip('needs PostgreSQL (TEST_DATABASE_URL): the drill runs two server processes on one database', () => {});
}

/** Writes into the history and the awards what a lost bid, a twice-processed deadline and a seat given twice would leave. */
async function tamper(drill: DrillInspection): Promise<string> {
  const [bid] = drill.answeredBids;
  if (!bid) throw new Error('the drill recorded no bid answered 200');
  // The history refuses deletions while its session exists (migration 0006): the tamper goes
  // around that, as the database's owner could, to see the drill's own checks catch what it leaves.
  await drill.query('alter table session_history disable trigger session_history_append_only');
  await drill.query(
    `delete from session_history where session_id = $1 and action = 'bid_submitted'
        and participant_id = (select id from participants where session_id = $1 and member_id = $2)`,
    [drill.sessionId, bid.memberId],
  );
  const [expiry] = await drill.query<{ id: string }>(
    `select id from session_history where session_id = $1 and action = 'moved_to_back' and actor_name = 'system' limit 1`,
    [drill.sessionId],
  );
  if (!expiry) throw new Error('the drill saw no turn expire');
  await drill.query(
    `insert into session_history (session_id, action, actor_name, participant_id, details, created_at)
     select session_id, action, actor_name, participant_id, details, created_at from session_history where id = $1`,
    [expiry.id],
  );
  await drill.query(
    `insert into bids (session_id, participant_id, member_id, seat_id, station_id, station_name, station_number, shift, seat_position, kind)
     select b.session_id, other.id, other.member_id, b.seat_id, b.station_id, b.station_name, b.station_number, b.shift, b.seat_position, b.kind
       from bids b join participants other on other.session_id = b.session_id
      where b.session_id = $1 and not exists (select 1 from bids won where won.participant_id = other.id)
      limit 1`,
    [drill.sessionId],
  );
  await drill.query('alter table session_history enable trigger session_history_append_only');
  return bid.memberId;
}

describe.skipIf(!isPostgres)('the crash drill', () => {
  it('30 members, 10 kills: one outcome each, no seat twice, each deadline once, every bid answered 200 in the history', async () => {
    if (source.kind !== 'postgres') return;
    const log: string[] = [];
    let tamperedFailures: string[] = [];
    let lostBidMemberId = '';
    const report = await runDrill({
      serverUrl: source.serverUrl,
      members: 30,
      kills: 10,
      turnSeconds: 3,
      seed: 17,
      timeoutMs: 150_000,
      log: (line) => log.push(line),
      inspect: async (drill) => {
        lostBidMemberId = await tamper(drill);
        tamperedFailures = await drill.recheck();
      },
    });

    expect(report.failures, log.join('\n')).toEqual([]);
    expect(report.passed).toBe(true);
    const figures = report.figures;
    expect(figures['kills (SIGKILL)']).toBeGreaterThanOrEqual(10);
    expect(figures.restarts).toBe(figures['kills (SIGKILL)']);
    // Bids were accepted, turns ran out and were moved to the back, auto-bid lists were used.
    expect(figures['bids answered 200']).toBeGreaterThan(0);
    expect(figures['  moved to the back']).toBeGreaterThan(0);
    expect(figures['  auto-bid awards']).toBeGreaterThan(0);
    expect(figures['answers 5xx']).toBe(0);

    expect(tamperedFailures).toEqual(
      expect.arrayContaining([
        `the bid of member ${lostBidMemberId} answered 200 is not in the history (0 bid entries)`,
        expect.stringMatching(/^participant .* was moved to the back 2 times$/),
        expect.stringMatching(/^seat .* was awarded 2 times$/),
      ]),
    );
  }, 240_000);
});
