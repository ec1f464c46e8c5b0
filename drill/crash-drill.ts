/**
 * The crash drill (issue 17, "Running it for real"): a bid session run by two real server processes
 * on one PostgreSQL database, with simulated members bidding against either process, while a killer
 * SIGKILLs a process at random moments and restarts it. When the session has completed, the drill
 * checks what a union steward would check after a night of power cuts:
 *
 * - every participant has exactly one outcome (and exactly one history entry that gave it);
 * - no seat is held twice, and every seat awarded is the one its winner holds;
 * - no turn's deadline was processed twice: each participant is moved to the back at most once and
 *   auto-assigned at most once, and every expiry in the history came after its turn's deadline (a
 *   deadline processed twice would end the next turn early, or write the same expiry twice);
 * - every bid (and skip) the API answered 200 is in the history, with the seat the answer named,
 *   and the results the API gives afterwards agree with the database.
 *
 * What the drill does to make a 200-member session fit in minutes: turns last at least a minute by
 * the product's rules (bid window and auto-assign timeout of 1 minute), so as soon as a turn begins
 * the drill moves its stored deadline to `turnSeconds` after the turn's start, writing the session
 * row directly as session-concurrency.test.ts does (the write bumps the session's version, so every
 * cache reads the session again). The servers' turn clocks then process the deadline from the
 * database as they always do; nothing else about the session is touched.
 *
 * Members sign in as the benches' do (bench/department.ts): a live refresh-token family each, and
 * access tokens signed with the servers' JWT secret, so 200 sign-ins cost no password hashing.
 * Used by `npm run drill` (drill/drill.ts) and by a smaller run in the server's tests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BID_MESSAGES, getSeatPositionForRank, type Rank, type SeatPosition } from '@stationbid/domain';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { AccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { type ServerProcess, startServerProcess } from '../apps/server/src/test/server-process.ts';
import { type BenchMember, createRandom, defaultStationCount, insertDepartment } from '../bench/department.ts';

export interface DrillOptions {
  /** A PostgreSQL server the drill may create and drop a database on (any database's URL on it). */
  serverUrl: string;
  members: number;
  /** At least this many SIGKILLs; the killer keeps going, at the same pace, until the session ends. */
  kills: number;
  /** How long each turn lasts once the drill has shortened it. */
  turnSeconds: number;
  /** Decides who behaves how, which seats they pick and which moments the killer picks. */
  seed: number;
  /** The session must complete within this time, or the drill fails. */
  timeoutMs: number;
  log: (line: string) => void;
  /**
   * Called after the checks and before the scratch database is dropped: a test tampers with the
   * database here and checks again, to see the checks catch what they claim to.
   */
  inspect?: (drill: DrillInspection) => Promise<void>;
  /** Stops the drill early (Ctrl-C): processes are stopped and the scratch database dropped. */
  signal?: AbortSignal;
}

export interface DrillInspection {
  sessionId: string;
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;
  /** The bids answered 200, as recorded by the simulated members. */
  answeredBids: readonly AnsweredBid[];
  /** Runs every check again; answers what differs. */
  recheck: () => Promise<string[]>;
}

export interface AnsweredBid {
  memberId: string;
  /** What the member asked for. */
  asked: { stationId: string; shift: string; position: string };
  /** What the 200 answer said was awarded. */
  answered: { stationId: string; stationNumber: number; shift: string; position: string };
}

export interface DrillReport {
  passed: boolean;
  failures: string[];
  figures: Record<string, number | string>;
}

type Behaviour = 'bidder' | 'double' | 'sleeper' | 'auto-bid' | 'second-chance' | 'skipper';

/**
 * Who does what. Bidders bid within their turn (some for a seat already taken first, which is
 * refused and they pick again); double bidders send the same bid to both processes at once;
 * sleepers never bid (moved to the back, then auto-assigned); auto-bidders never bid but have an
 * auto-bid list; second-chance members miss their first turn and bid in the second; skippers pass.
 */
const BEHAVIOUR_SHARES: [Exclude<Behaviour, 'bidder'>, number][] = [
  ['double', 0.08],
  ['sleeper', 0.08],
  ['auto-bid', 0.08],
  ['second-chance', 0.05],
  ['skipper', 0.03],
];

/** Each turn lasts at least a minute by the product's rules: the drill's session asks for exactly that. */
const PRODUCT_TURN_MS = 60_000;
const POLL_MS = 100;
/** Access tokens live 15 minutes; the drill signs a fresh one after 10. */
const TOKEN_RENEW_MS = 10 * 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
const OUTCOME_ACTIONS = new Set(['bid_submitted', 'auto_assigned', 'turn_skipped']);

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

interface DrillMember extends BenchMember {
  behaviour: Behaviour;
  position: SeatPosition;
}

type Answer = { status: number; body: Record<string, unknown> } | { status: 'no answer'; error: string };

// ---------------------------------------------------------------------------------------------
// The two server processes

interface Slot {
  index: number;
  port: number;
  process: ServerProcess | undefined;
  isUp: boolean;
  restarting: Promise<void> | undefined;
  /** Output of every incarnation, for the error lines at the end. */
  outputs: string[];
}

class ServerFleet {
  readonly slots: Slot[] = [];
  kills = { random: 0, 'mid-bid': 0, 'at-deadline': 0 };
  restarts = 0;
  readonly restartMs: number[] = [];
  readonly failures: string[] = [];
  /** Time with no process up, when nobody could bid and no turn clock ran. */
  allDownMs = 0;
  private allDownSince: number | undefined;
  /** Told of each bid or skip as it is sent, so the killer can strike while one is in flight. */
  onRequestSent: ((slot: Slot) => void) | undefined;

  constructor(private readonly env: Record<string, string>) {}

  async start(count: number): Promise<void> {
    const started = await Promise.all(Array.from({ length: count }, () => startServerProcess({ env: this.env })));
    started.forEach((process, index) => {
      this.slots.push({ index, port: process.port, process, isUp: true, restarting: undefined, outputs: [] });
    });
  }

  up(): Slot[] {
    return this.slots.filter((slot) => slot.isUp);
  }

  get killCount(): number {
    return this.kills.random + this.kills['mid-bid'] + this.kills['at-deadline'];
  }

  async kill(slot: Slot, moment: keyof ServerFleet['kills']): Promise<void> {
    const process = slot.process;
    if (!slot.isUp || !process) return;
    slot.isUp = false;
    if (this.up().length === 0) this.allDownSince = Date.now();
    await process.kill();
    slot.outputs.push(process.output());
    slot.process = undefined;
    this.kills[moment] += 1;
    slot.restarting = this.restart(slot);
  }

  /** Starts the slot's process again on its port, retrying a failed start a few times. */
  private async restart(slot: Slot): Promise<void> {
    const startedAt = Date.now();
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        slot.process = await startServerProcess({ env: this.env, port: slot.port });
        slot.isUp = true;
        if (this.allDownSince !== undefined) {
          this.allDownMs += Date.now() - this.allDownSince;
          this.allDownSince = undefined;
        }
        this.restarts += 1;
        this.restartMs.push(Date.now() - startedAt);
        slot.restarting = undefined;
        return;
      } catch (error) {
        this.failures.push(`process ${slot.index + 1} did not restart (attempt ${attempt}): ${String(error)}`);
        await sleep(500);
      }
    }
    slot.restarting = undefined;
  }

  async waitForRestarts(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.restarting));
  }

  /** SIGTERM for each process, as an operator stops them; answers the exit codes. */
  async stopAll(): Promise<(number | null)[]> {
    await this.waitForRestarts();
    return Promise.all(
      this.slots.map(async (slot) => {
        const process = slot.process;
        if (!process) return null;
        slot.isUp = false;
        const code = await process.stop();
        slot.outputs.push(process.output());
        slot.process = undefined;
        return code;
      }),
    );
  }

  /** Last resort after a failure: every process still running is killed. */
  async killAll(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.restarting?.catch(() => {})));
    await Promise.all(this.slots.map((slot) => slot.process?.kill()));
  }

  /** The servers' error lines (pino level 50 and above) across every incarnation. */
  errorLines(): string[] {
    return this.slots
      .flatMap((slot) => [...slot.outputs, slot.process?.output() ?? ''])
      .flatMap((output) => output.split('\n'))
      .filter((line) => /"level":(50|60)/.test(line));
  }
}

// ---------------------------------------------------------------------------------------------
// The turn observer: reads the session from the database, shortens each new turn, tells the crowd

interface Turn {
  key: string;
  participantId: string;
  memberId: string;
  isSecondTurn: boolean;
  deadline: number;
}

class TurnObserver {
  turn: Turn | undefined;
  status = 'active';
  waiting = 0;
  shortened = 0;
  private readonly seenTurns = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly sessionId: string,
    private readonly turnMs: number,
    private readonly onTurn: (turn: Turn) => void,
  ) {}

  async poll(): Promise<void> {
    const { rows } = await this.pool.query<{
      status: string;
      current_bid_end: Date | null;
      version: string;
      participant_id: string | null;
      member_id: string | null;
      moved_to_back: boolean | null;
      waiting: number;
    }>(
      `select s.status, s.current_bid_end, s.version, p.id as participant_id, p.member_id, p.moved_to_back,
              (select count(*)::int from participants w where w.session_id = s.id and w.outcome is null) as waiting
         from bid_sessions s
         left join participants p on p.session_id = s.id and p.queue_position = s.current_participant - 1
        where s.id = $1`,
      [this.sessionId],
    );
    const row = rows[0];
    if (!row) throw new Error('the drill session is gone');
    this.status = row.status;
    this.waiting = row.waiting;
    if (row.status !== 'active' || !row.participant_id || !row.member_id || !row.current_bid_end) {
      this.turn = undefined;
      return;
    }
    let deadline = row.current_bid_end.getTime();
    // A deadline more than a few turns away is one the drill has not shortened yet: the turn began
    // a product turn (one minute) before it, and now ends `turnMs` after it began.
    if (deadline - Date.now() > this.turnMs + 10_000) {
      const shortened = new Date(deadline - PRODUCT_TURN_MS + this.turnMs);
      const updated = await this.pool.query(
        // Only the turn that was read: a step committed meanwhile changed the version.
        'update bid_sessions set current_bid_end = $1 where id = $2 and version = $3 and current_bid_end = $4',
        [shortened, this.sessionId, row.version, row.current_bid_end],
      );
      if (updated.rowCount === 1) {
        // The participant's own copy of the deadline, which the member pages show.
        await this.pool.query('update participants set turn_deadline = $1 where id = $2', [
          shortened,
          row.participant_id,
        ]);
        this.shortened += 1;
        deadline = shortened.getTime();
      }
    }
    const key = `${row.participant_id}:${row.moved_to_back ? 2 : 1}`;
    this.turn = {
      key,
      participantId: row.participant_id,
      memberId: row.member_id,
      isSecondTurn: row.moved_to_back === true,
      deadline,
    };
    if (!this.seenTurns.has(key)) {
      this.seenTurns.add(key);
      this.onTurn(this.turn);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The simulated members

/** The API as members call it: a process of their choice, their own access token. */
class Api {
  private readonly tokens = new Map<string, { token: string; signedAt: number }>();

  constructor(private readonly accessTokens: AccessTokens) {}

  private async tokenFor(member: BenchMember): Promise<string> {
    const kept = this.tokens.get(member.id);
    if (kept && Date.now() - kept.signedAt < TOKEN_RENEW_MS) return kept.token;
    const token = await this.accessTokens.sign({ memberId: member.id, familyId: member.familyId }, new Date());
    this.tokens.set(member.id, { token, signedAt: Date.now() });
    return token;
  }

  /** A JSON request to one process; a process killed before it answered gives no answer. */
  async call(slot: Slot, member: BenchMember, method: string, url: string, body?: unknown): Promise<Answer> {
    try {
      const response = await fetch(`http://127.0.0.1:${slot.port}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.tokenFor(member)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text };
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      return { status: 'no answer', error: String((error as { cause?: unknown }).cause ?? error) };
    }
  }
}

class Crowd {
  readonly answeredBids: AnsweredBid[] = [];
  /** Skips answered 200, by member id. */
  readonly answeredSkips: string[] = [];
  readonly refusals = new Map<string, number>();
  noAnswer = 0;
  readonly serverErrors: string[] = [];
  readonly unexpected: string[] = [];
  stopped = false;
  private readonly tasks = new Set<Promise<void>>();
  private readonly random: () => number;
  private readonly byId: Map<string, DrillMember>;

  constructor(
    private readonly members: readonly DrillMember[],
    private readonly fleet: ServerFleet,
    private readonly pool: pg.Pool,
    private readonly api: Api,
    private readonly sessionId: string,
    private readonly turnMs: number,
    private readonly currentTurn: () => Turn | undefined,
    seed: number,
  ) {
    this.random = createRandom(seed);
    this.byId = new Map(members.map((member) => [member.id, member]));
  }

  /** A process that is up, at random; waits while every process is down. */
  async pickSlot(): Promise<Slot | undefined> {
    while (!this.stopped) {
      const up = this.fleet.up();
      const slot = up[Math.floor(this.random() * up.length)];
      if (slot) return slot;
      await sleep(50);
    }
    return undefined;
  }

  onTurn(turn: Turn): void {
    const member = this.byId.get(turn.memberId);
    if (!member) return;
    this.track(this.play(member, turn));
    // Now and then someone else tries to bid out of turn, as an impatient member would.
    if (this.random() < 0.25) {
      const other = this.members[Math.floor(this.random() * this.members.length)];
      if (other && other.id !== member.id) this.track(this.bidOnce(other));
    }
  }

  private track(task: Promise<void>): void {
    const guarded = task.catch((error: unknown) => {
      this.unexpected.push(`a simulated member failed: ${String(error)}`);
    });
    this.tasks.add(guarded);
    void guarded.finally(() => this.tasks.delete(guarded));
  }

  async settle(): Promise<void> {
    this.stopped = true;
    while (this.tasks.size > 0) await Promise.all([...this.tasks]);
  }

  private async play(member: DrillMember, turn: Turn): Promise<void> {
    switch (member.behaviour) {
      case 'sleeper':
      case 'auto-bid':
        return;
      case 'second-chance':
        if (turn.isSecondTurn) await this.bidInTurn(member, turn, false);
        return;
      case 'skipper':
        await this.skipInTurn(member, turn);
        return;
      case 'double':
        await this.bidInTurn(member, turn, true);
        return;
      case 'bidder':
        await this.bidInTurn(member, turn, false);
    }
  }

  private isStillTurn(turn: Turn): boolean {
    return !this.stopped && this.currentTurn()?.key === turn.key && Date.now() <= turn.deadline + 2000;
  }

  /** Thinks for a while, then bids until a bid is accepted or the turn is over. */
  private async bidInTurn(member: DrillMember, turn: Turn, sendTwice: boolean): Promise<void> {
    await sleep((0.15 + this.random() * 0.45) * this.turnMs);
    // Some pick a seat that is already gone first, and are told so.
    let wantsTakenSeat = this.random() < 0.15;
    while (this.isStillTurn(turn)) {
      const seat = await this.pickSeat(member.position, wantsTakenSeat);
      wantsTakenSeat = false;
      if (!seat) return;
      const slots = sendTwice ? this.fleet.up() : [await this.pickSlot()];
      if (slots.length === 0) {
        await sleep(50);
        continue;
      }
      const answers = await Promise.all(
        slots.map((slot) => (slot ? this.sendBid(slot, member, seat) : Promise.resolve(undefined))),
      );
      if (answers.some((answer) => answer?.status === 200)) return;
      const refusal = answers.find(
        (answer): answer is Extract<Answer, { status: number }> =>
          answer !== undefined && answer.status !== 'no answer',
      );
      if (!refusal) {
        // Killed before it answered: the bid may or may not have been taken; try again, anywhere.
        await sleep(100);
        continue;
      }
      // The seat went meanwhile: pick another. Anything else ends the turn for this member.
      if (refusal.body.error !== BID_MESSAGES.seatUnavailable) return;
    }
  }

  /** One bid, whoever's turn it is. */
  private async bidOnce(member: DrillMember): Promise<void> {
    const seat = await this.pickSeat(member.position, false);
    const slot = await this.pickSlot();
    if (seat && slot) await this.sendBid(slot, member, seat);
  }

  private async sendBid(
    slot: Slot,
    member: DrillMember,
    seat: { stationId: string; shift: string; position: string },
  ): Promise<Answer> {
    const request = this.api.call(slot, member, 'POST', '/api/bid-sessions/submit-bid', {
      sessionId: this.sessionId,
      bidData: { station: seat.stationId, shift: seat.shift, position: seat.position },
    });
    this.fleet.onRequestSent?.(slot);
    const answer = await request;
    this.count(answer);
    if (answer.status === 200) {
      const station = answer.body.station as { id: string; number: number };
      this.answeredBids.push({
        memberId: member.id,
        asked: seat,
        answered: {
          stationId: station.id,
          stationNumber: station.number,
          shift: String(answer.body.shift),
          position: String(answer.body.position),
        },
      });
    }
    return answer;
  }

  private async skipInTurn(member: DrillMember, turn: Turn): Promise<void> {
    await sleep((0.15 + this.random() * 0.45) * this.turnMs);
    while (this.isStillTurn(turn)) {
      const slot = await this.pickSlot();
      if (!slot) return;
      const request = this.api.call(slot, member, 'POST', '/api/bid-sessions/skip-turn', { sessionId: this.sessionId });
      this.fleet.onRequestSent?.(slot);
      const answer = await request;
      this.count(answer);
      if (answer.status === 200) this.answeredSkips.push(member.id);
      if (answer.status !== 'no answer') return;
      await sleep(100);
    }
  }

  private count(answer: Answer): void {
    if (answer.status === 'no answer') {
      this.noAnswer += 1;
      return;
    }
    if (answer.status >= 500) {
      this.serverErrors.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return;
    }
    if (answer.status !== 200) {
      const key = `${answer.status} ${String(answer.body.error ?? answer.body.message ?? '')}`;
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
    }
  }

  /**
   * A seat of the member's position, as the draft board shows them: a random station and shift with
   * a free seat, or (when asked) one with none left, if there is such.
   */
  private async pickSeat(
    position: SeatPosition,
    wantsTakenSeat: boolean,
  ): Promise<{ stationId: string; shift: string; position: string } | undefined> {
    const { rows } = await this.pool.query<{ station_id: string; shift: string; free: number }>(
      `select s.station_id, s.shift, (count(*) - count(m.id))::int as free
         from seats s left join members m on m.current_seat_id = s.id
        where s.seat_position = $1
        group by s.station_id, s.shift
        order by s.station_id, s.shift`,
      [position],
    );
    const taken = rows.filter((row) => row.free === 0);
    const free = rows.filter((row) => row.free > 0);
    const choices = wantsTakenSeat && taken.length > 0 ? taken : free;
    const row = choices[Math.floor(this.random() * choices.length)];
    return row ? { stationId: row.station_id, shift: row.shift, position } : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The killer

/**
 * Kills a process that is up at a random moment, and has it restarted, until the session ends.
 * Moments come in three kinds: any time; a few milliseconds after a bid or skip was sent to that
 * process (the answer, the commit or both are lost); and just after a turn's deadline, while a turn
 * clock may be processing it. The pace spreads the kills asked for over the session's expected
 * remaining time, and keeps going at that pace once they are reached.
 */
async function runKiller(
  fleet: ServerFleet,
  observer: TurnObserver,
  options: { kills: number; participants: number; turnMs: number; seed: number; isDone: () => boolean },
): Promise<void> {
  const random = createRandom(options.seed);
  const startedAt = Date.now();
  const totalParticipants = options.participants;
  let meanMs = 3000;
  while (!options.isDone()) {
    const killsLeft = options.kills - fleet.killCount;
    const done = totalParticipants - observer.waiting;
    const turnEstimateMs = done > 3 ? (Date.now() - startedAt) / done : options.turnMs * 0.6;
    if (killsLeft > 0) {
      // Aim to have them done in the first quarter of the expected remaining time: the estimate is
      // rough (it counts neither second turns nor the time a kill costs), and waiting for a bid in
      // flight or a deadline adds to each pause. A run of 200 reached 50 kills at 80 % of the
      // session when aiming at a third.
      const remainingMs = 0.25 * observer.waiting * turnEstimateMs;
      meanMs = Math.min(8000, Math.max(600, remainingMs / killsLeft));
    }
    const kind = (['random', 'mid-bid', 'at-deadline'] as const)[Math.floor(random() * 3)] ?? 'random';
    const waitMs = (0.3 + random() * 1.4) * meanMs;
    const waitUntil = Date.now() + waitMs;
    while (Date.now() < waitUntil && !options.isDone()) await sleep(Math.min(100, waitUntil - Date.now()));
    if (options.isDone()) return;

    if (kind === 'mid-bid') {
      const slot = await new Promise<Slot | undefined>((resolve) => {
        const giveUp = setTimeout(() => {
          fleet.onRequestSent = undefined;
          resolve(undefined);
        }, meanMs);
        fleet.onRequestSent = (target) => {
          fleet.onRequestSent = undefined;
          clearTimeout(giveUp);
          // The request is on its way: strike while it is read, run or answered.
          setTimeout(() => resolve(target), random() * 20);
        };
      });
      if (slot?.isUp) {
        await fleet.kill(slot, 'mid-bid');
        continue;
      }
    } else if (kind === 'at-deadline') {
      const deadline = observer.turn?.deadline;
      if (deadline !== undefined && deadline > Date.now() && deadline - Date.now() < meanMs) {
        // The turn clocks tick every 250 ms: strike within a tick or two after the deadline.
        const strikeAt = deadline + random() * 400;
        while (Date.now() < strikeAt && !options.isDone()) await sleep(Math.min(50, strikeAt - Date.now()));
        const up = fleet.up();
        const slot = up[Math.floor(random() * up.length)];
        if (slot) {
          await fleet.kill(slot, 'at-deadline');
          continue;
        }
      }
    }
    let up = fleet.up();
    while (up.length === 0 && !options.isDone()) {
      await sleep(50);
      up = fleet.up();
    }
    const slot = up[Math.floor(random() * up.length)];
    if (slot && !options.isDone()) await fleet.kill(slot, 'random');
  }
}

// ---------------------------------------------------------------------------------------------
// The checks

interface HistoryRow {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string;
  participant_id: string | null;
  station_number: number | null;
  shift: string | null;
  seat_position: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

interface CheckInput {
  pool: pg.Pool;
  sessionId: string;
  turnMs: number;
  answeredBids: readonly AnsweredBid[];
  answeredSkips: readonly string[];
  /** The session's results and history as the API gives them to an administrator. */
  readResults: () => Promise<Answer>;
}

/** Every check; answers what differs, and the figures read from the history. */
async function checkDrill(input: CheckInput): Promise<{ failures: string[]; figures: Record<string, number> }> {
  const { pool, sessionId, turnMs } = input;
  const failures: string[] = [];
  const fail = (message: string) => {
    if (failures.length < 50) failures.push(message);
  };

  const [session] = (await pool.query<{ status: string }>('select status from bid_sessions where id = $1', [sessionId]))
    .rows;
  if (session?.status !== 'completed') fail(`the session is ${session?.status ?? 'gone'}, not completed`);

  const participantRows = (
    await pool.query<{
      id: string;
      member_id: string;
      outcome: string | null;
      assigned_station_id: string | null;
      assigned_shift: string | null;
      assigned_seat_position: string | null;
    }>(
      `select id, member_id, outcome, assigned_station_id, assigned_shift, assigned_seat_position
         from participants where session_id = $1`,
      [sessionId],
    )
  ).rows;
  const participantByMember = new Map(participantRows.map((row) => [row.member_id, row]));
  const history = (
    await pool.query<HistoryRow>(
      `select id, action, actor_id, actor_name, participant_id, station_number, shift, seat_position, details,
              created_at
         from session_history where session_id = $1 order by id`,
      [sessionId],
    )
  ).rows;
  const awards = (
    await pool.query<{ participant_id: string; member_id: string; seat_id: string; station_id: string; kind: string }>(
      'select participant_id, member_id, seat_id, station_id, kind from bids where session_id = $1',
      [sessionId],
    )
  ).rows;
  const heldSeats = new Map(
    (
      await pool.query<{ id: string; current_seat_id: string | null }>(
        'select id, current_seat_id from members where current_seat_id is not null',
      )
    ).rows.map((row) => [row.id, row.current_seat_id]),
  );

  // 1. Every participant has exactly one outcome, and one history entry that gave it.
  const outcomeEntries = new Map<string, HistoryRow[]>();
  for (const entry of history) {
    if (!entry.participant_id || !OUTCOME_ACTIONS.has(entry.action)) continue;
    outcomeEntries.set(entry.participant_id, [...(outcomeEntries.get(entry.participant_id) ?? []), entry]);
  }
  const expectedAction: Record<string, string[]> = {
    bid: ['bid_submitted'],
    proxy_bid: ['bid_submitted'],
    auto_assigned: ['auto_assigned'],
    skipped: ['turn_skipped'],
    not_assigned: ['auto_assigned', 'turn_skipped'],
  };
  for (const participant of participantRows) {
    const entries = outcomeEntries.get(participant.id) ?? [];
    if (participant.outcome === null) {
      fail(`participant ${participant.id} has no outcome`);
    } else if (entries.length !== 1) {
      fail(
        `participant ${participant.id} (${participant.outcome}) has ${entries.length} outcome entries in the history: ${entries.map((entry) => entry.action).join(', ') || 'none'}`,
      );
    } else if (!expectedAction[participant.outcome]?.includes(entries[0]?.action ?? '')) {
      fail(`participant ${participant.id} is ${participant.outcome} but the history says ${entries[0]?.action}`);
    }
  }

  // 2. No seat is held twice; every seat awarded is held by its winner, and awarded once.
  const holders = new Map<string, number>();
  for (const seatId of heldSeats.values()) if (seatId) holders.set(seatId, (holders.get(seatId) ?? 0) + 1);
  for (const [seatId, count] of holders) if (count > 1) fail(`seat ${seatId} is held by ${count} members`);
  const awardsBySeat = new Map<string, number>();
  const awardsByParticipant = new Map<string, number>();
  for (const award of awards) {
    awardsBySeat.set(award.seat_id, (awardsBySeat.get(award.seat_id) ?? 0) + 1);
    awardsByParticipant.set(award.participant_id, (awardsByParticipant.get(award.participant_id) ?? 0) + 1);
    if (heldSeats.get(award.member_id) !== award.seat_id) {
      fail(
        `seat ${award.seat_id} was awarded to member ${award.member_id}, who holds ${heldSeats.get(award.member_id)}`,
      );
    }
  }
  for (const [seatId, count] of awardsBySeat) if (count > 1) fail(`seat ${seatId} was awarded ${count} times`);
  for (const [participantId, count] of awardsByParticipant) {
    if (count > 1) fail(`participant ${participantId} was awarded ${count} seats`);
  }
  for (const participant of participantRows) {
    const isAwarded = participant.assigned_station_id !== null;
    if (isAwarded !== awardsByParticipant.has(participant.id)) {
      fail(
        `participant ${participant.id} has an assigned seat (${isAwarded}) but ${awardsByParticipant.get(participant.id) ?? 0} awards`,
      );
    }
  }

  // 3. Each deadline processed once: every expiry came after its turn's deadline (the turn began at
  //    the previous step, and its deadline is `turnMs` after, or a minute if it was never shortened),
  //    and nobody was moved to the back or auto-assigned twice.
  const movesToBack = new Map<string, number>();
  const systemAwards = new Map<string, number>();
  let earliestExpiryMs = Number.POSITIVE_INFINITY;
  for (const [index, entry] of history.entries()) {
    const isExpiry =
      entry.actor_name === 'system' && (entry.action === 'moved_to_back' || entry.action === 'auto_assigned');
    if (!isExpiry || !entry.participant_id) continue;
    const counts = entry.action === 'moved_to_back' ? movesToBack : systemAwards;
    counts.set(entry.participant_id, (counts.get(entry.participant_id) ?? 0) + 1);
    const previous = history[index - 1];
    if (!previous) {
      fail(`expiry ${entry.id} is the first entry of the history`);
      continue;
    }
    const turnLastedMs = entry.created_at.getTime() - previous.created_at.getTime();
    earliestExpiryMs = Math.min(earliestExpiryMs, turnLastedMs);
    if (turnLastedMs <= turnMs) {
      fail(
        `expiry ${entry.id} (${entry.action} at ${entry.created_at.toISOString()}) came ${turnLastedMs} ms into its turn, which began with entry ${previous.id} (${previous.action} at ${previous.created_at.toISOString()}), before its deadline at ${turnMs} ms`,
      );
    }
  }
  for (const [participantId, count] of movesToBack) {
    if (count > 1) fail(`participant ${participantId} was moved to the back ${count} times`);
  }
  for (const [participantId, count] of systemAwards) {
    if (count > 1) fail(`participant ${participantId} was auto-assigned ${count} times`);
  }

  // 4. Every bid and skip answered 200 is in the history, with the seat the answer named.
  const bidsAnsweredTo = new Map<string, number>();
  for (const bid of input.answeredBids) {
    bidsAnsweredTo.set(bid.memberId, (bidsAnsweredTo.get(bid.memberId) ?? 0) + 1);
    const participant = participantByMember.get(bid.memberId);
    const entries = history.filter(
      (entry) => entry.action === 'bid_submitted' && entry.participant_id === participant?.id,
    );
    const entry = entries[0];
    const { answered, asked } = bid;
    if (
      answered.stationId !== asked.stationId ||
      answered.shift !== asked.shift ||
      answered.position !== asked.position
    ) {
      fail(`member ${bid.memberId} asked for ${JSON.stringify(asked)} and was answered ${JSON.stringify(answered)}`);
    }
    if (!participant || entries.length !== 1 || !entry) {
      fail(`the bid of member ${bid.memberId} answered 200 is not in the history (${entries.length} bid entries)`);
      continue;
    }
    if (
      entry.actor_id !== bid.memberId ||
      entry.station_number !== answered.stationNumber ||
      entry.shift !== answered.shift ||
      entry.seat_position !== answered.position
    ) {
      fail(
        `the bid of member ${bid.memberId} answered 200 for station ${answered.stationNumber} ${answered.shift} ${answered.position} is in the history as ${entry.station_number} ${entry.shift} ${entry.seat_position} by ${entry.actor_name}`,
      );
    }
    if (
      participant.outcome !== 'bid' ||
      participant.assigned_station_id !== answered.stationId ||
      participant.assigned_shift !== answered.shift ||
      participant.assigned_seat_position !== answered.position
    ) {
      fail(
        `member ${bid.memberId} was answered 200 but their result is ${participant.outcome} ${participant.assigned_shift}`,
      );
    }
  }
  for (const [memberId, count] of bidsAnsweredTo) {
    if (count > 1) fail(`member ${memberId} had ${count} bids answered 200`);
  }
  for (const memberId of input.answeredSkips) {
    const participant = participantByMember.get(memberId);
    const skipped = history.some(
      (entry) => entry.action === 'turn_skipped' && entry.participant_id === participant?.id,
    );
    if (!skipped || participant?.outcome !== 'skipped')
      fail(`the skip of member ${memberId} answered 200 is not in the history`);
  }

  // 5. The API tells an administrator the same.
  const answer = await input.readResults();
  if (answer.status !== 200) {
    fail(`GET /api/bid-sessions/:id/results answered ${answer.status === 'no answer' ? answer.error : answer.status}`);
  } else {
    const results = answer.body.results as {
      status: string;
      participants: { user: { id: string }; outcome: string | null; assignedStation: { id: string } | null }[];
      sessionHistory: unknown[];
    };
    if (results.status !== 'completed') fail(`the API says the session is ${results.status}`);
    if (results.sessionHistory.length !== history.length) {
      fail(`the API's history has ${results.sessionHistory.length} entries, the database ${history.length}`);
    }
    if (results.participants.length !== participantRows.length) {
      fail(`the API lists ${results.participants.length} participants, the database ${participantRows.length}`);
    }
    for (const shown of results.participants) {
      const stored = participantByMember.get(shown.user.id);
      if (
        shown.outcome !== stored?.outcome ||
        (shown.assignedStation?.id ?? null) !== (stored?.assigned_station_id ?? null)
      ) {
        fail(`the API shows member ${shown.user.id} as ${shown.outcome}, the database as ${stored?.outcome}`);
      }
    }
  }

  const countOf = (predicate: (entry: HistoryRow) => boolean) => history.filter(predicate).length;
  const isSystem = (entry: HistoryRow) => entry.actor_name === 'system';
  return {
    failures,
    figures: {
      'bids in the history': countOf((entry) => entry.action === 'bid_submitted'),
      'skips in the history': countOf((entry) => entry.action === 'turn_skipped'),
      'expiries (deadlines processed)': countOf(
        (entry) => isSystem(entry) && (entry.action === 'moved_to_back' || entry.action === 'auto_assigned'),
      ),
      '  moved to the back': countOf((entry) => isSystem(entry) && entry.action === 'moved_to_back'),
      '  auto-bid awards': countOf((entry) => entry.action === 'auto_assigned' && entry.details.source === 'auto_bid'),
      '  last-resort awards': countOf(
        (entry) => entry.action === 'auto_assigned' && entry.details.source !== 'auto_bid' && !entry.details.reason,
      ),
      '  not assigned (no seat left)': countOf((entry) => entry.action === 'auto_assigned' && !!entry.details.reason),
      'seats awarded': awards.length,
      'shortest turn that expired (ms)': Number.isFinite(earliestExpiryMs) ? earliestExpiryMs : 0,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The drill

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function assignBehaviours(members: readonly BenchMember[], seed: number): DrillMember[] {
  const random = createRandom(seed);
  const behaviours: Behaviour[] = [];
  for (const [behaviour, share] of BEHAVIOUR_SHARES) {
    for (let count = Math.max(1, Math.round(share * members.length)); count > 0; count--) behaviours.push(behaviour);
  }
  while (behaviours.length < members.length) behaviours.push('bidder');
  // A seeded shuffle, so the same seed gives everyone the same part.
  for (let index = behaviours.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [behaviours[index], behaviours[other]] = [behaviours[other] as Behaviour, behaviours[index] as Behaviour];
  }
  return members.map((member, index) => ({
    ...member,
    behaviour: behaviours[index] ?? 'bidder',
    position: getSeatPositionForRank(member.rank as Rank),
  }));
}

const percentile = (values: readonly number[], fraction: number) => {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0);
};

export async function runDrill(options: DrillOptions): Promise<DrillReport> {
  const { log } = options;
  const turnMs = options.turnSeconds * 1000;
  if (options.members < 5) throw new Error('--members: at least 5, so that every kind of member takes part');
  if (turnMs < 1000) throw new Error('--turn-seconds: at least 1');
  const startedAt = Date.now();
  const databaseName = `stationbid_drill_${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(options.serverUrl, databaseName);
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-drill-'));
  let pool: pg.Pool | undefined;
  let fleet: ServerFleet | undefined;
  try {
    await admin.query(`create database ${databaseName}`);
    log(`database ${databaseName} on ${new URL(options.serverUrl).host}`);

    // The department, straight into the database: members, stations, seats and sign-ins.
    const stationCount = defaultStationCount(options.members);
    const setup = await openPostgres(databaseUrl, { max: 2 });
    const department = await (async () => {
      try {
        await setup.migrate();
        return await insertDepartment(setup.db, schema, {
          memberCount: options.members,
          stationCount,
          adminPasswordHash: '',
        });
      } finally {
        await setup.close();
      }
    })();
    const members = assignBehaviours(department.members, options.seed);
    const behaviourCounts = new Map<Behaviour, number>();
    for (const member of members)
      behaviourCounts.set(member.behaviour, (behaviourCounts.get(member.behaviour) ?? 0) + 1);
    log(
      `${options.members} members (${[...behaviourCounts].map(([behaviour, count]) => `${count} ${behaviour}`).join(', ')}), ${stationCount} stations, ${department.seatRows.length} seats`,
    );

    const jwtSecret = randomBytes(32).toString('hex');
    fleet = new ServerFleet({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DEMO_DATA: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    await fleet.start(2);
    log(`two server processes on ports ${fleet.slots.map((slot) => slot.port).join(' and ')}`);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('error', () => {});
    const api = new Api(new AccessTokens(jwtSecret));
    const adminMember = department.admin;
    const firstSlot = fleet.slots[0] as Slot;
    const callOrThrow = async (member: BenchMember, method: string, url: string, body?: unknown) => {
      const answer = await api.call(firstSlot, member, method, url, body);
      if (answer.status === 'no answer') throw new Error(`${method} ${url}: no answer (${answer.error})`);
      if (answer.status >= 300) {
        throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
      }
      return answer.body;
    };

    // Auto-bidders rank three seats of their position, through the API as the Preferences dialog does.
    const seatGroups = department.seatRows.filter((seat) => seat.ordinal === 1);
    const random = createRandom(options.seed + 2);
    for (const member of members.filter((candidate) => candidate.behaviour === 'auto-bid')) {
      const mine = seatGroups.filter((seat) => seat.seatPosition === member.position);
      const choices = new Map<string, { stationId: string; shift: string; seatPosition: string }>();
      while (choices.size < Math.min(3, mine.length)) {
        const seat = mine[Math.floor(random() * mine.length)];
        if (seat)
          choices.set(`${seat.stationId}${seat.shift}`, {
            stationId: seat.stationId,
            shift: seat.shift,
            seatPosition: seat.seatPosition,
          });
      }
      await callOrThrow(member, 'PUT', '/api/users/preferences', { autoBid: true, seatChoices: [...choices.values()] });
    }

    const created = await callOrThrow(adminMember, 'POST', '/api/bid-sessions', {
      name: 'Crash drill',
      year: 2026,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      // The shortest turns the product allows; the drill shortens each further (see above).
      bidWindowDuration: 1,
      autoAssignTimeout: 1,
      participantIds: members.map((member) => member.id),
    });
    const sessionId = (created.session as { id: string }).id;
    // The crowd acts on the turns the observer sees, and the observer is what tells it of them.
    let observer: TurnObserver | undefined;
    const crowd = new Crowd(members, fleet, pool, api, sessionId, turnMs, () => observer?.turn, options.seed + 1);
    const activeObserver = new TurnObserver(pool, sessionId, turnMs, (turn) => crowd.onTurn(turn));
    observer = activeObserver;
    await callOrThrow(adminMember, 'POST', `/api/bid-sessions/${sessionId}/start`);
    await activeObserver.poll();
    const sessionStartedAt = Date.now();
    log(`session started: turns of ${options.turnSeconds} s, at least ${options.kills} kills`);

    let isDone = false;
    let timedOut = false;
    let observerError: unknown;
    const watching = (async () => {
      let lastReport = Date.now();
      while (!isDone) {
        try {
          await activeObserver.poll();
        } catch (error) {
          observerError = error;
          isDone = true;
          return;
        }
        if (activeObserver.status === 'completed') isDone = true;
        if (Date.now() - sessionStartedAt > options.timeoutMs) {
          timedOut = true;
          isDone = true;
        }
        if (options.signal?.aborted) isDone = true;
        if (Date.now() - lastReport > 15_000) {
          lastReport = Date.now();
          log(
            `  ${Math.round((Date.now() - sessionStartedAt) / 1000)} s: ${activeObserver.waiting} of ${members.length} still waiting, ${fleet?.killCount} kills, ${crowd.answeredBids.length} bids answered 200`,
          );
        }
        await sleep(POLL_MS);
      }
    })();
    // Both are awaited together: the observer's poll loop is what ends the killer.
    await Promise.all([
      watching,
      runKiller(fleet, activeObserver, {
        kills: options.kills,
        participants: members.length,
        turnMs,
        seed: options.seed + 3,
        isDone: () => isDone,
      }),
    ]);
    const sessionMs = Date.now() - sessionStartedAt;
    await crowd.settle();
    await fleet.waitForRestarts();
    if (options.signal?.aborted) throw new Error('the drill was stopped');
    if (observerError) throw observerError;
    log(`session ${activeObserver.status} after ${(sessionMs / 1000).toFixed(1)} s; checking`);

    const failures: string[] = [];
    if (timedOut) {
      failures.push(
        `the session did not complete within ${options.timeoutMs / 1000} s (${activeObserver.waiting} participants still waiting)`,
      );
    }
    if (fleet.killCount < options.kills) {
      failures.push(
        `the session completed after ${fleet.killCount} kills, fewer than the ${options.kills} asked for: run with more --members or fewer --kills`,
      );
    }
    failures.push(...fleet.failures);
    failures.push(...crowd.serverErrors.map((error) => `a request was answered ${error}`));
    failures.push(...crowd.unexpected);
    const unexpectedRefusals = [...crowd.refusals].filter(([key]) => !key.startsWith('409 '));
    for (const [key, count] of unexpectedRefusals) failures.push(`${count} requests were refused with ${key}`);

    const checkInput: CheckInput = {
      pool,
      sessionId,
      turnMs,
      answeredBids: crowd.answeredBids,
      answeredSkips: crowd.answeredSkips,
      readResults: async () => {
        const slot = (await crowd.pickSlot()) ?? firstSlot;
        return api.call(slot, adminMember, 'GET', `/api/bid-sessions/${sessionId}/results`);
      },
    };
    const checked = await checkDrill(checkInput);
    failures.push(...checked.failures);

    if (options.inspect) {
      const inspectionPool = pool;
      await options.inspect({
        sessionId,
        query: async (text, values) => (await inspectionPool.query(text, values)).rows,
        answeredBids: crowd.answeredBids,
        recheck: async () => (await checkDrill(checkInput)).failures,
      });
    }

    const exitCodes = await fleet.stopAll();
    if (exitCodes.some((code) => code !== 0)) {
      failures.push(`the processes did not stop cleanly at the end (exit codes ${exitCodes.join(', ')})`);
    }
    const errorLines = fleet.errorLines();
    const refused409 = [...crowd.refusals].filter(([key]) => key.startsWith('409 '));
    const figures: Record<string, number | string> = {
      members: options.members,
      stations: stationCount,
      seats: department.seatRows.length,
      'turn length (s)': options.turnSeconds,
      'server processes': fleet.slots.length,
      'kills (SIGKILL)': fleet.killCount,
      '  at a random moment': fleet.kills.random,
      '  with a bid or skip in flight': fleet.kills['mid-bid'],
      '  just after a turn deadline': fleet.kills['at-deadline'],
      restarts: fleet.restarts,
      'restart time p50 / max (ms)': `${percentile(fleet.restartMs, 0.5)} / ${percentile(fleet.restartMs, 1)}`,
      'time with both processes down (s)': (fleet.allDownMs / 1000).toFixed(1),
      'bids answered 200': crowd.answeredBids.length,
      'skips answered 200': crowd.answeredSkips.length,
      'requests refused with 409': refused409.reduce((sum, [, count]) => sum + count, 0),
      ...Object.fromEntries(refused409.map(([key, count]) => [`  ${key.slice(4)}`, count])),
      'requests with no answer (process killed)': crowd.noAnswer,
      'answers 5xx': crowd.serverErrors.length,
      ...checked.figures,
      'bids committed whose answer was lost':
        Number(checked.figures['bids in the history'] ?? 0) - crowd.answeredBids.length,
      'deadlines shortened by the drill': activeObserver.shortened,
      'server error log lines': errorLines.length,
      'session duration (s)': (sessionMs / 1000).toFixed(1),
      'whole drill (s)': ((Date.now() - startedAt) / 1000).toFixed(1),
    };
    if (errorLines.length > 0) {
      // A kill leaves nothing for the other process to complain about: any error is worth a look.
      failures.push(`the servers logged ${errorLines.length} errors; the first: ${errorLines[0]?.slice(0, 1500)}`);
    }
    return { passed: failures.length === 0, failures, figures };
  } catch (error) {
    await fleet?.killAll();
    throw error;
  } finally {
    await pool?.end();
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report as the drill prints it: the figures, then PASSED or what differs. */
export function formatReport(report: DrillReport): string {
  const width = Math.max(...Object.keys(report.figures).map((key) => key.length));
  const lines = Object.entries(report.figures).map(([key, value]) => `${key.padEnd(width)}  ${value}`);
  lines.push('');
  if (report.passed) {
    lines.push(
      'PASSED: every participant has exactly one outcome; no seat is held twice; each deadline was processed once; every bid answered 200 is in the history.',
    );
  } else {
    lines.push(`FAILED (${report.failures.length}):`, ...report.failures.map((failure) => `  - ${failure}`));
  }
  return lines.join('\n');
}
