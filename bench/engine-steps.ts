/**
 * bench/engine-steps: the engine's own time per bid (`applyCommand`, no database, no HTTP) in a large
 * session, without and with must-fill seats, in the same run. It says how much of bench/engine's
 * time per bid the must-fill rule adds in the engine itself.
 *
 *   npm run bench:engine-steps                                   # 20,000 participants, 1,000 bids, 10 %
 *   npm run bench:engine-steps -- --participants 5000 --bids 2000 --must-fill 10
 *
 * The department is bench/engine's: half Firefighters, a quarter Engineers, 15 % Lieutenants, 10 %
 * Captains; stations in proportion (300 per 5,000) with 21 seats each, all free. With must-fill,
 * P % of each position's seats (lowest ordinals, station after station) require PM and must be
 * filled, and as many members of each rank hold PM, evenly spread over the rank. The queue is a
 * seeded shuffle, so Paramedics are spread through it. Each turn holder bids a free seat of their
 * position: a Paramedic a must-fill one while any is free (the rule leaves them no other), anyone
 * else a random plain one. Both sessions bid the same way from the same seed; a refusal stops the
 * run, since this bench's bidders never ask for what the rule forbids.
 *
 * Printed: the time of each bid step (p50, p99) without and with, and the ratio. The step is timed
 * alone: choosing the seat is the bench's own work and is not counted.
 */
import { parseArgs } from 'node:util';
import {
  applyCommand,
  type EngineParticipant,
  type EngineSeat,
  type EngineState,
  getSeatPositionForRank,
  type Rank,
  SEAT_POSITIONS,
  type SeatPosition,
  SHIFTS,
} from '@stationbid/domain';
import { createRandom, RANK_MIX, SEATS_PER_SHIFT } from './department.ts';

const { values: options } = parseArgs({
  options: {
    participants: { type: 'string', default: '20000' },
    bids: { type: 'string', default: '1000' },
    'must-fill': { type: 'string', default: '10' },
    seed: { type: 'string', default: '2026' },
  },
});

const PARTICIPANTS = Number(options.participants);
const BIDS = Math.min(Number(options.bids), PARTICIPANTS);
const MUST_FILL_PERCENT = Number(options['must-fill']);
const SEED = Number(options.seed);

function buildState(mustFillPercent: number): EngineState {
  const stationCount = Math.max(1, Math.ceil((PARTICIPANTS * 300) / 5000));
  const seats: EngineSeat[] = [];
  for (let number = 1; number <= stationCount; number++) {
    for (const shift of SHIFTS) {
      for (const seatPosition of SEAT_POSITIONS) {
        for (let ordinal = 1; ordinal <= SEATS_PER_SHIFT[seatPosition]; ordinal++) {
          seats.push({
            seatId: `st-${number}-${shift}-${seatPosition}-${ordinal}`,
            stationId: `st-${number}`,
            stationNumber: number,
            stationName: `Station ${number}`,
            shift,
            seatPosition,
            ordinal,
            holderMemberId: null,
          });
        }
      }
    }
  }
  const mustFillByPosition = new Map<SeatPosition, number>();
  for (const position of SEAT_POSITIONS) {
    const ofPosition = seats
      .map((seat, index) => ({ seat, index }))
      .filter(({ seat }) => seat.seatPosition === position)
      .sort((a, b) => a.seat.ordinal - b.seat.ordinal);
    const count = Math.round((ofPosition.length * mustFillPercent) / 100);
    for (const { seat, index } of ofPosition.slice(0, count))
      seats[index] = { ...seat, requires: ['PM'], mustFill: true };
    mustFillByPosition.set(position, count);
  }

  const ranks: Rank[] = [];
  for (const [rank, share] of RANK_MIX) {
    const ofRank = Math.round(PARTICIPANTS * share);
    const paramedics = mustFillByPosition.get(getSeatPositionForRank(rank)) ?? 0;
    if (paramedics > ofRank) throw new Error(`more must-fill ${rank} seats than ${rank}s`);
    for (let index = 0; index < ofRank; index++) ranks.push(rank);
  }
  const seenOfRank = new Map<Rank, number>();
  const members = ranks.map((rank, index) => {
    const ofRank = Math.round(PARTICIPANTS * (RANK_MIX.find(([name]) => name === rank)?.[1] ?? 0));
    const count = mustFillByPosition.get(getSeatPositionForRank(rank)) ?? 0;
    const place = seenOfRank.get(rank) ?? 0;
    seenOfRank.set(rank, place + 1);
    const paramedic = Math.floor(((place + 1) * count) / ofRank) > Math.floor((place * count) / ofRank);
    return { index, rank, paramedic };
  });
  // The queue: a seeded shuffle, the same for both sessions.
  const random = createRandom(SEED);
  for (let index = members.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [members[index], members[other]] = [
      members[other] as (typeof members)[number],
      members[index] as (typeof members)[number],
    ];
  }
  const participants = members.map(
    (member, position): EngineParticipant => ({
      participantId: `p-${member.index + 1}`,
      memberId: `m-${member.index + 1}`,
      name: `Member ${member.index + 1}`,
      employeeId: `E${member.index + 1}`,
      rank: member.rank,
      yearsOfService: 10,
      seniorityScore: 100,
      bidPriority: position + 1,
      queuePosition: position,
      movedToBack: false,
      outcome: null,
      turnDeadline: null,
      currentSeat: null,
      awardedSeat: null,
      preferences: { autoBid: false, choices: [], preferredStationIds: [], preferredShifts: [] },
      ...(member.paramedic ? { certifications: [{ code: 'PM', expiresOn: null }] } : {}),
    }),
  );
  return {
    session: {
      status: 'draft',
      currentParticipant: 0,
      currentBidEnd: null,
      pausedRemainingMs: null,
      bidWindowMinutes: 5,
      autoAssignTimeoutMinutes: 2,
      eligibilityMode: 'rank',
      clearAssignments: false,
      actualStart: null,
      actualEnd: null,
      effectiveDate: '2026-01-05',
      ...(mustFillPercent > 0 ? { certificationNames: { PM: 'Paramedic' } } : {}),
    },
    participants,
    seats,
  };
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;

function runSession(mustFillPercent: number): { p50: number; p99: number; mustFillTaken: number } {
  let state = buildState(mustFillPercent);
  let now = Date.UTC(2026, 0, 5, 14, 0, 0);
  const admin = { memberId: 'admin', name: 'Bench Admin', isAdmin: true };
  const started = applyCommand(state, { type: 'start', now, actor: admin });
  if (!started.ok) throw new Error(`start refused: ${started.refusal.message}`);
  state = started.state;
  // The bench's own count of free seats by position and kind, kept beside the engine's.
  const free = new Map<string, EngineSeat[]>();
  for (const seat of state.seats) {
    const key = `${seat.seatPosition}|${seat.mustFill === true}`;
    const list = free.get(key) ?? [];
    list.push(seat);
    free.set(key, list);
  }
  const random = createRandom(SEED + 1);
  const times: number[] = [];
  let mustFillTaken = 0;
  for (let turn = 0; turn < BIDS; turn++) {
    const holder = state.participants[state.session.currentParticipant - 1];
    if (!holder?.memberId) throw new Error(`turn ${turn + 1}: no turn holder`);
    const position = getSeatPositionForRank(holder.rank);
    const isParamedic = holder.certifications !== undefined;
    const mustFillFree = free.get(`${position}|true`) ?? [];
    const list = isParamedic && mustFillFree.length > 0 ? mustFillFree : (free.get(`${position}|false`) ?? []);
    // A must-fill seat is the lowest ordinal of its kind, so the engine gives a Paramedic that very seat.
    const index = Math.floor(random() * list.length);
    const seat = list[index];
    if (!seat) throw new Error(`turn ${turn + 1}: no free ${position} seat`);
    list.splice(index, 1);
    now += 60_000;
    const before = performance.now();
    const result = applyCommand(state, {
      type: 'bid',
      now,
      actor: { memberId: holder.memberId, name: holder.name, isAdmin: false },
      participantId: holder.participantId,
      seat: { stationId: seat.stationId, shift: seat.shift, seatPosition: position },
    });
    times.push(performance.now() - before);
    if (!result.ok) throw new Error(`turn ${turn + 1} refused: ${result.refusal.message}`);
    state = result.state;
    if (seat.mustFill) mustFillTaken += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), mustFillTaken };
}

function main(): void {
  console.log(
    `bench/engine-steps: ${PARTICIPANTS} participants, ${BIDS} bids, ${MUST_FILL_PERCENT} % must-fill, seed ${SEED}`,
  );
  // A short unrecorded session first, so neither measured one carries the compiler's start.
  runSession(0);
  const without = runSession(0);
  const withMustFill = runSession(MUST_FILL_PERCENT);
  const line = (name: string, figures: { p50: number; p99: number }) =>
    `${name}: engine per bid p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms`;
  console.log(line('without must-fill', without));
  console.log(
    `${line(`with ${MUST_FILL_PERCENT} % must-fill`, withMustFill)} (${withMustFill.mustFillTaken} must-fill seats taken)`,
  );
  console.log(
    `with / without: p50 ${(withMustFill.p50 / without.p50).toFixed(2)}, p99 ${(withMustFill.p99 / without.p99).toFixed(2)}`,
  );
}

main();
