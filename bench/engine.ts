/**
 * bench/engine: a whole bid session of a large department, run to completion through the API.
 *
 * It builds a department (by default 5,000 members and 300 stations with a seat for everyone),
 * creates a session with every member, starts it, and lets each turn holder bid in turn for a free
 * seat they are eligible for, through POST /api/bid-sessions/submit-bid with their own token. It
 * prints bids per second and the p50 and p99 time per bid.
 *
 * Requests go through `app.inject` on the app `buildApp` makes, which is exactly what the server
 * runs (routing, validation, authentication, the engine's transaction, the response) minus the
 * socket and HTTP parsing.
 *
 *   npm run bench:engine                                   # PGlite in a temporary directory
 *   npm run bench:engine -- --participants 1000            # a smaller department
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:engine
 *   npm run bench:engine -- --participants 20000 --stations 1200 --bids 2000 --baseline 1000
 *   npm run bench:engine -- --participants 20000 --stations 1200 --bids 1000 --cpu-prof-bids /tmp/prof
 *                                     # 20,000 (first 2,000 bids), after a whole 1,000 session, with the ratio
 *   npm run bench:engine -- --participants 20000 --stations 1200 --bids 2000 --must-fill 10
 *                                     # the same department without, then with 10 % must-fill seats, and the ratio
 *   npm run bench:engine -- --participants 20000 --stations 1200 --bids 2000 --must-fill 10 --what-if
 *                                     # also times the what-if run (POST /:id/simulate) of the draft and,
 *                                     # after the bids, of the running session, against the start's time
 *
 * With `--must-fill P`, P % of the seats of each position require a Paramedic card (PM) and must be
 * filled (a Captain/PM, an Engineer/PM, ...: the lowest ordinals, station after station), and as
 * many members of each rank as that position has such seats hold PM, without expiry, evenly spread
 * over the members of the rank. Seniority orders the queue by years and rank, so the Paramedics are
 * spread through it, and a run limited by `--bids` meets some of them. That is the tightest department the rule
 * allows: a PM holder who took a plain seat would leave a must-fill seat without anyone to fill it,
 * and the engine refuses that bid. The bidders follow the rule the simplest way: a PM holder bids a
 * free must-fill seat while there is one, everyone else a free plain seat of their position. A bid
 * the server refuses (403, 409) is counted and printed, and the bidder tries the other kind of seat;
 * the time per bid is that of the accepted request. The same department without must-fill seats or
 * certifications runs first, in the same run, on a database of its own, as the baseline.
 *
 * With `--what-if`, every other member saves a ranked list of 3 seats of their position (drawn), and
 * the what-if run (POST /:id/simulate) is timed 3 times on the draft, with the start's time in the
 * same run as its baseline (the start freezes and reads the same state), and 3 times after the bids
 * on the running session.
 *
 * On PostgreSQL the bench creates a database of its own on that server and drops it afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getSeatPositionForRank, type Rank, SEAT_POSITIONS, type SeatPosition, SHIFTS } from '@stationbid/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { certifications, memberCertifications, members, seats, stations } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import {
  BENCH_ADMIN_EMAIL,
  benchAdminRow,
  benchMemberRow,
  benchSessionRequest,
  benchStationRow,
  buildBenchApp,
  format,
  openBenchDatabase,
  percentile,
  queueOf,
  signInMembers,
} from './support.ts';

const { values: options } = parseArgs({
  options: {
    participants: { type: 'string', default: '5000' },
    stations: { type: 'string', default: '300' },
    /** Stop after this many bids (the session is then ended); all of them by default. */
    bids: { type: 'string' },
    /**
     * A smaller session run to completion first, in the same run, on a database of its own (stations
     * in proportion), so the ratio of the two p99s compares on a noisy machine: e.g. 1000.
     */
    baseline: { type: 'string' },
    /**
     * Writes a V8 CPU profile of the bid phase alone (not the department's creation, which would
     * drown it) of the measured session into this directory.
     */
    'cpu-prof-bids': { type: 'string' },
    /**
     * The percentage of seats that require a Paramedic card and must be filled, e.g. 10; the same
     * department without them runs first in the same run, as the baseline.
     */
    'must-fill': { type: 'string' },
    /** Times the what-if run on the draft and on the running session (see above). */
    'what-if': { type: 'boolean', default: false },
  },
});

/** One session to run: its size and how many of its turns to bid. */
interface SessionSize {
  participantCount: number;
  stationCount: number;
  bidLimit: number;
  /** The percentage of seats that are must-fill Paramedic seats; 0: none, the department as before. */
  mustFillPercent: number;
}

/** The most participants one create or add request names (the API's limit). */
const PARTICIPANTS_PER_REQUEST = 10_000;

// The one member who signs in through the login route, so the bench also passes through it once.
const ADMIN_PASSWORD = 'bench-admin-password';

/** Seats of each station per shift, by position: 7 per shift, 21 per station. */
const SEATS_PER_SHIFT: Record<SeatPosition, number> = { Captain: 1, Lieutenant: 1, Engineer: 2, Firefighter: 3 };
/** The department's ranks, in proportions the seats above can hold. */
const RANK_MIX: [Rank, number][] = [
  ['Firefighter', 0.5],
  ['Engineer', 0.25],
  ['Lieutenant', 0.15],
  ['Captain', 0.1],
];

/** A small deterministic generator, so every run builds the same department and bids alike. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchMember {
  id: string;
  rank: Rank;
  familyId: string;
  /** Holds the Paramedic card the must-fill seats require. */
  paramedic: boolean;
}

const PARAMEDIC = { code: 'PM', name: 'Paramedic' };

async function buildDepartment(
  handle: DatabaseHandle,
  { participantCount, stationCount, mustFillPercent }: SessionSize,
) {
  const { db } = handle;
  const random = createRandom(2026);
  const stationRows = Array.from({ length: stationCount }, (_, index) => benchStationRow(index));
  const createdStations = [];
  for (let start = 0; start < stationRows.length; start += 500) {
    createdStations.push(
      ...(await db
        .insert(stations)
        .values(stationRows.slice(start, start + 500))
        .returning()),
    );
  }
  const seatRows: { stationId: string; shift: string; seatPosition: SeatPosition; ordinal: number; mustFill?: true }[] =
    createdStations.flatMap((station) =>
      SHIFTS.flatMap((shift) =>
        SEAT_POSITIONS.flatMap((seatPosition) =>
          Array.from({ length: SEATS_PER_SHIFT[seatPosition] }, (_, index) => ({
            stationId: station.id,
            shift,
            seatPosition,
            ordinal: index + 1,
          })),
        ),
      ),
    );
  const mustFillByPosition = new Map<SeatPosition, number>();
  if (mustFillPercent > 0) {
    for (const position of SEAT_POSITIONS) {
      // Lowest ordinal first (a stable sort keeps the stations' and shifts' order), so a station's
      // Paramedic seats are its first of their kind and a bid for the kind of seat gives a Paramedic
      // the must-fill one and anyone else a plain one.
      const ofPosition = seatRows
        .filter((seat) => seat.seatPosition === position)
        .sort((a, b) => a.ordinal - b.ordinal);
      const count = Math.round((ofPosition.length * mustFillPercent) / 100);
      for (const seat of ofPosition.slice(0, count)) seat.mustFill = true;
      mustFillByPosition.set(position, count);
    }
  }
  const mustFillCount = [...mustFillByPosition.values()].reduce((sum, count) => sum + count, 0);
  for (let start = 0; start < seatRows.length; start += 2000) {
    await db
      .insert(seats)
      .values(
        seatRows
          .slice(start, start + 2000)
          .map(({ mustFill, ...seat }) => (mustFill ? { ...seat, requires: [PARAMEDIC.code], mustFill: true } : seat)),
      );
  }

  const adminId = randomUUID();
  await db.insert(members).values(benchAdminRow(adminId, await hashPassword(ADMIN_PASSWORD)));

  const benchMembers: BenchMember[] = [];
  const memberRows = [];
  let rankIndex = 0;
  let rankQuota = 0;
  for (let index = 0; index < participantCount; index++) {
    while (rankIndex < RANK_MIX.length - 1 && index >= rankQuota + participantCount * (RANK_MIX[rankIndex]?.[1] ?? 0)) {
      rankQuota += participantCount * (RANK_MIX[rankIndex]?.[1] ?? 0);
      rankIndex += 1;
    }
    const rank = RANK_MIX[rankIndex]?.[0] ?? 'Firefighter';
    const id = randomUUID();
    benchMembers.push({ id, rank, familyId: randomUUID(), paramedic: false });
    memberRows.push(benchMemberRow(id, index, rank, Math.floor(random() * 31)));
  }
  for (let start = 0; start < memberRows.length; start += 1000) {
    await db.insert(members).values(memberRows.slice(start, start + 1000));
  }
  if (mustFillCount > 0) {
    // As many Paramedics of each rank as its position has must-fill seats, every so many members of
    // the rank (their years of service, and so their places in the queue, are drawn), without a draw
    // that would change the department.
    for (const [rank] of RANK_MIX) {
      const ofRank = benchMembers.filter((member) => member.rank === rank);
      const count = mustFillByPosition.get(getSeatPositionForRank(rank)) ?? 0;
      if (count > ofRank.length) throw new Error(`more must-fill ${rank} seats than ${rank}s to hold PM`);
      ofRank.forEach((member, index) => {
        member.paramedic =
          Math.floor(((index + 1) * count) / ofRank.length) > Math.floor((index * count) / ofRank.length);
      });
    }
    const [certification] = await db.insert(certifications).values(PARAMEDIC).returning({ id: certifications.id });
    if (!certification) throw new Error('the PM certification was not created');
    const held = benchMembers
      .filter((member) => member.paramedic)
      .map((member) => ({ memberId: member.id, certificationId: certification.id, expiresOn: null }));
    for (let start = 0; start < held.length; start += 1000) {
      await db.insert(memberCertifications).values(held.slice(start, start + 1000));
    }
  }
  await signInMembers(db, benchMembers);
  if (options['what-if']) await saveRankedLists(db, benchMembers, seatRows, random);
  return { benchMembers, seatRows, mustFillCount };
}

/** Every other member's ranked list: 3 drawn seats of their position, as the Bid Preferences API stores it. */
async function saveRankedLists(
  db: DatabaseHandle['db'],
  benchMembers: readonly BenchMember[],
  seatRows: readonly { stationId: string; shift: string; seatPosition: SeatPosition }[],
  random: () => number,
) {
  const byPosition = new Map<SeatPosition, (typeof seatRows)[number][]>();
  for (const seat of seatRows) byPosition.set(seat.seatPosition, [...(byPosition.get(seat.seatPosition) ?? []), seat]);
  const lists = benchMembers
    .filter((_, index) => index % 2 === 1)
    .map((member) => {
      const ofPosition = byPosition.get(getSeatPositionForRank(member.rank)) ?? [];
      const kinds = new Map<string, { stationId: string; shift: string; seatPosition: SeatPosition }>();
      while (kinds.size < 3 && ofPosition.length > 0) {
        const seat = ofPosition[Math.floor(random() * ofPosition.length)] as (typeof seatRows)[number];
        kinds.set(`${seat.stationId}|${seat.shift}`, {
          stationId: seat.stationId,
          shift: seat.shift,
          seatPosition: seat.seatPosition,
        });
      }
      return { id: member.id, prefs: { seatChoices: [...kinds.values()] } };
    });
  for (let start = 0; start < lists.length; start += 1000) {
    const batch = JSON.stringify(lists.slice(start, start + 1000));
    await db.execute(sql`
      update members m set bid_preferences = x.prefs
      from jsonb_to_recordset(${batch}::jsonb) as x(id uuid, prefs jsonb)
      where m.id = x.id`);
  }
}

/** Three what-if runs of the session as it stands, each timed; prints their times and the first run's figures. */
async function timeWhatIf(app: FastifyInstance, token: string, sessionId: string, label: string): Promise<number[]> {
  const times: number[] = [];
  let figures = '';
  for (let run = 0; run < 3; run++) {
    const before = performance.now();
    const answer = await inject(app, token, 'POST', `/api/bid-sessions/${sessionId}/simulate`);
    times.push(performance.now() - before);
    const { awards, guesses, listsRanOut, mustFill } = answer.whatIf as {
      awards: unknown[];
      guesses: number;
      listsRanOut: number;
      mustFill: { tightFromTurn: number | null }[];
    };
    figures ||= `${awards.length} turns, ${guesses} guesses, ${listsRanOut} lists ran out, ${mustFill.filter((entry) => entry.tightFromTurn !== null).length} of ${mustFill.length} must-fill kinds tight`;
  }
  console.log(`  what-if (${label}): ${times.map((time) => `${format(time)} ms`).join(', ')}; ${figures}`);
  return times;
}

/** The free seats of one station, shift and position, must-fill or plain, as the bench counts them. */
interface SeatGroup {
  stationId: string;
  shift: string;
  position: SeatPosition;
  mustFill: boolean;
  free: number;
}

async function inject(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

interface SessionFigures {
  size: SessionSize;
  /** Bids the server refused (403, 409); each bidder then tried the other kind of seat. */
  refusals: number;
  bids: number;
  bidsPerSecond: number;
  p50: number;
  p99: number;
}

async function runSession(size: SessionSize, bidProfileDir?: string): Promise<SessionFigures> {
  const { participantCount, stationCount, bidLimit } = size;
  const database = await openBenchDatabase('stationbid-bench-');
  const { app, accessTokenFor } = await buildBenchApp(database);
  try {
    console.log(`bench/engine on ${database.label}`);
    console.log(`department: ${participantCount} members, ${stationCount} stations`);
    let started = performance.now();
    const { benchMembers, seatRows, mustFillCount } = await buildDepartment(database.handle, size);
    console.log(`  built in ${format(performance.now() - started)} ms (${seatRows.length} seats)`);
    if (mustFillCount > 0) {
      console.log(
        `  must-fill: ${mustFillCount} seats (${size.mustFillPercent} % of each position) require ${PARAMEDIC.code}; ` +
          `${benchMembers.filter((member) => member.paramedic).length} members hold it`,
      );
    }

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: BENCH_ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const adminToken = login.json<{ token: string }>().token;

    started = performance.now();
    const participantIds = benchMembers.map((member) => member.id);
    // A request names at most 10,000 participants (the API's limit): larger sessions are created
    // with the first 10,000 and given the rest by POST /:id/participants.
    const created = await inject(
      app,
      adminToken,
      'POST',
      '/api/bid-sessions',
      benchSessionRequest('Bench session', participantIds.slice(0, PARTICIPANTS_PER_REQUEST)),
    );
    const sessionId: string = created.session.id;
    for (let start = PARTICIPANTS_PER_REQUEST; start < participantIds.length; start += PARTICIPANTS_PER_REQUEST) {
      await inject(app, adminToken, 'POST', `/api/bid-sessions/${sessionId}/participants`, {
        userIds: participantIds.slice(start, start + PARTICIPANTS_PER_REQUEST),
      });
    }
    console.log(`  session created in ${format(performance.now() - started)} ms`);
    const whatIfDraft = options['what-if'] ? await timeWhatIf(app, adminToken, sessionId, 'draft') : [];
    started = performance.now();
    const startedSession = await inject(app, adminToken, 'POST', `/api/bid-sessions/${sessionId}/start`);
    const startMs = performance.now() - started;
    console.log(`  session started in ${format(startMs)} ms`);
    if (whatIfDraft.length > 0) {
      const median = [...whatIfDraft].sort((a, b) => a - b)[1] ?? 0;
      console.log(`  what-if of the draft / the start: ${(median / startMs).toFixed(2)}`);
    }

    // The queue order the server decided; the bench keeps its own count of free seats.
    const queue = queueOf(startedSession);
    const memberById = new Map(benchMembers.map((member) => [member.id, member]));
    const freeSeats = new Map<SeatPosition, SeatGroup[]>();
    const groups = new Map<string, SeatGroup>();
    for (const seat of seatRows) {
      const mustFill = seat.mustFill === true;
      const key = `${seat.stationId}|${seat.shift}|${seat.seatPosition}|${mustFill}`;
      const group = groups.get(key) ?? {
        stationId: seat.stationId,
        shift: seat.shift,
        position: seat.seatPosition,
        mustFill,
        free: 0,
      };
      group.free += 1;
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const list = freeSeats.get(group.position) ?? [];
      list.push(group);
      freeSeats.set(group.position, list);
    }

    const random = createRandom(7);
    const latencies: number[] = [];
    const refusals: { turn: number; statusCode: number; message: string }[] = [];
    // Only sessions with must-fill seats are probed.
    let probed = size.mustFillPercent === 0;
    /** A free seat group for the member: must-fill first for a Paramedic, then plain; `avoid` after a refusal. */
    const pickGroup = (member: BenchMember, avoid: Set<SeatGroup>): SeatGroup | undefined => {
      const position = getSeatPositionForRank(member.rank);
      const free = (freeSeats.get(position) ?? []).filter((group) => group.free > 0 && !avoid.has(group));
      const kinds = member.paramedic ? [true, false] : [false];
      for (const mustFill of kinds) {
        const candidates = free.filter((group) => group.mustFill === mustFill);
        const group = candidates[Math.floor(random() * candidates.length)];
        if (group) return group;
      }
      return undefined;
    };
    const bidCount = Math.min(bidLimit, queue.length);
    const profiler = bidProfileDir ? await startBidPhaseProfile() : null;
    const bidPhaseStart = performance.now();
    for (let turn = 0; turn < bidCount; turn++) {
      const member = memberById.get(queue[turn] ?? '');
      if (!member) throw new Error(`turn ${turn + 1}: unknown member`);
      const position = getSeatPositionForRank(member.rank);
      const token = await accessTokenFor(member);
      const tried = new Set<SeatGroup>();
      if (member.paramedic && !probed) {
        // Once per run, before the Paramedic's real bid: a plain seat, which the rule must refuse
        // (every PM holder is needed for a must-fill seat). It shows the rule is in force on this
        // server; it is printed, not counted among the bids or the refusals.
        probed = true;
        // A station and shift with no free must-fill seat, or the engine would give them that one.
        const groupsOfPosition = freeSeats.get(position) ?? [];
        const withFreeMustFill = new Set(
          groupsOfPosition
            .filter((group) => group.mustFill && group.free > 0)
            .map((group) => `${group.stationId}|${group.shift}`),
        );
        const plain = groupsOfPosition.find(
          (group) => !group.mustFill && group.free > 0 && !withFreeMustFill.has(`${group.stationId}|${group.shift}`),
        );
        if (plain) {
          const before = performance.now();
          const response = await app.inject({
            method: 'POST',
            url: '/api/bid-sessions/submit-bid',
            headers: { authorization: `Bearer ${token}` },
            payload: { sessionId, bidData: { station: plain.stationId, shift: plain.shift, position } },
          });
          const elapsed = performance.now() - before;
          const refused = response.statusCode === 409 || response.statusCode === 403;
          console.log(
            `  probe (turn ${turn + 1}, a PM holder asks for a plain seat): ${response.statusCode} ` +
              (refused ? `${response.json<{ error?: string }>().error ?? ''} (the rule is in force)` : '(NOT refused)'),
          );
          if (!refused) {
            // Accepted: that was the member's bid, and the department is no longer the one intended.
            plain.free -= 1;
            latencies.push(elapsed);
            continue;
          }
        }
      }
      for (;;) {
        const group = pickGroup(member, tried);
        if (!group) {
          throw new Error(
            `turn ${turn + 1}: no free ${position} seat left to try` +
              (refusals.length > 0 ? `; last refusal: ${refusals.at(-1)?.message}` : ''),
          );
        }
        const before = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/bid-sessions/submit-bid',
          headers: { authorization: `Bearer ${token}` },
          payload: { sessionId, bidData: { station: group.stationId, shift: group.shift, position } },
        });
        const elapsed = performance.now() - before;
        if (response.statusCode === 403 || response.statusCode === 409) {
          const answer = response.json<{ error?: string; code?: string }>();
          refusals.push({
            turn: turn + 1,
            statusCode: response.statusCode,
            message: answer.error ? `${answer.code ?? ''} ${answer.error}`.trim() : response.body,
          });
          if (refusals.length <= 5) {
            console.log(
              `  refused (turn ${turn + 1}, ${member.paramedic ? 'PM' : 'no PM'}, ` +
                `${group.mustFill ? 'must-fill' : 'plain'} seat): ${response.statusCode} ${refusals.at(-1)?.message}`,
            );
          }
          tried.add(group);
          continue;
        }
        if (response.statusCode >= 300) {
          throw new Error(`submit-bid, turn ${turn + 1}: ${response.statusCode} ${response.body}`);
        }
        latencies.push(elapsed);
        group.free -= 1;
        break;
      }
      if ((turn + 1) % 500 === 0 || turn + 1 === bidCount) {
        const recent = [...latencies.slice(-500)].sort((a, b) => a - b);
        console.log(
          `  ${String(turn + 1).padStart(5)} bids: last 500 p50 ${format(percentile(recent, 0.5))} ms, p99 ${format(percentile(recent, 0.99))} ms`,
        );
      }
    }
    const bidPhaseMs = performance.now() - bidPhaseStart;
    if (profiler) console.log(`  CPU profile of the bids: ${await profiler.stop(bidProfileDir ?? '.')}`);
    if (options['what-if']) await timeWhatIf(app, adminToken, sessionId, `running, after ${bidCount} bids`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const final = await inject(app, adminToken, 'GET', `/api/bid-sessions/${sessionId}`);
    if (bidCount < queue.length) await inject(app, adminToken, 'POST', `/api/bid-sessions/${sessionId}/end`);

    console.log('');
    console.log(
      `bids: ${latencies.length} in ${format(bidPhaseMs / 1000)} s` +
        (bidCount < queue.length ? ` (limited by --bids: ${bidCount} of ${queue.length} turns, then End)` : ''),
    );
    console.log(`bids/second: ${(latencies.length / (bidPhaseMs / 1000)).toFixed(1)}`);
    console.log(`time per bid: p50 ${format(percentile(sorted, 0.5))} ms, p99 ${format(percentile(sorted, 0.99))} ms`);
    console.log(`refused bids: ${refusals.length}${refusals.length > 5 ? ' (the first 5 printed above)' : ''}`);
    if (size.mustFillPercent > 0) {
      // What the database says the bids did: the must-fill seats now held, and by whom.
      const filled = await database.handle.db.execute(sql`
        select count(*)::int as filled,
               count(*) filter (where exists (
                 select 1 from member_certifications mc where mc.member_id = m.id
               ))::int as by_holders
        from seats s join members m on m.current_seat_id = s.id
        where s.must_fill`);
      const [row] = (filled as unknown as { rows: { filled: number; by_holders: number }[] }).rows;
      const paramedicsWhoBid = queue
        .slice(0, bidCount)
        .filter((memberId) => memberById.get(memberId)?.paramedic).length;
      console.log(
        `must-fill seats held after the bids: ${row?.filled ?? 0} of ${mustFillCount} ` +
          `(${row?.by_holders ?? 0} by PM holders); PM holders among the ${bidCount} who bid: ${paramedicsWhoBid}`,
      );
    }
    console.log(
      `session status after the last bid: ${final.session.status}, completedBids ${final.session.completedBids}`,
    );
    return {
      size,
      refusals: refusals.length,
      bids: latencies.length,
      bidsPerSecond: latencies.length / (bidPhaseMs / 1000),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}

/** A CPU profile taken through the inspector, so that it can cover one phase of the run. */
async function startBidPhaseProfile() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop(directory: string): Promise<string> {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      mkdirSync(directory, { recursive: true });
      const file = path.join(directory, `bids-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

async function main(): Promise<void> {
  const participantCount = Number(options.participants);
  const stationCount = Number(options.stations);
  const mustFillPercent = options['must-fill'] ? Number(options['must-fill']) : 0;
  if (!(mustFillPercent >= 0 && mustFillPercent <= 100)) throw new Error('--must-fill: a percentage, e.g. 10');
  if (mustFillPercent > 0 && options.baseline) {
    throw new Error('--must-fill runs its own baseline (the same department without must-fill): leave out --baseline');
  }
  const size: SessionSize = {
    participantCount,
    stationCount,
    bidLimit: options.bids ? Number(options.bids) : participantCount,
    mustFillPercent,
  };
  const results: SessionFigures[] = [];
  if (mustFillPercent > 0) {
    results.push(await runSession({ ...size, mustFillPercent: 0 }));
    console.log('');
  } else if (options.baseline) {
    const baselineCount = Number(options.baseline);
    results.push(
      await runSession({
        participantCount: baselineCount,
        stationCount: Math.max(1, Math.round((baselineCount * stationCount) / participantCount)),
        bidLimit: baselineCount,
        mustFillPercent: 0,
      }),
    );
    console.log('');
  }
  results.push(await runSession(size, options['cpu-prof-bids']));
  if (results.length < 2) return;
  console.log('');
  console.log('| participants | stations | must-fill | bids | refused | bids/second | p50 per bid | p99 per bid |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const figures of results) {
    console.log(
      `| ${figures.size.participantCount} | ${figures.size.stationCount} | ${figures.size.mustFillPercent} % | ${figures.bids} | ` +
        `${figures.refusals} | ${figures.bidsPerSecond.toFixed(1)} | ${format(figures.p50)} ms | ${format(figures.p99)} ms |`,
    );
  }
  const [baseline, measured] = results;
  if (baseline && measured && mustFillPercent > 0) {
    console.log(
      `p99 with ${mustFillPercent} % must-fill / without: ${(measured.p99 / baseline.p99).toFixed(2)}; ` +
        `p50: ${(measured.p50 / baseline.p50).toFixed(2)}`,
    );
  } else if (baseline && measured) {
    console.log(
      `p99 at ${measured.size.participantCount} / p99 at ${baseline.size.participantCount}: ${(measured.p99 / baseline.p99).toFixed(2)}; ` +
        `p50: ${(measured.p50 / baseline.p50).toFixed(2)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
