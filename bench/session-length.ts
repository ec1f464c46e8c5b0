/**
 * bench/session-length: how long a whole bid session lasts for the people in it, with and without
 * standing bids, run through the real engine (`applyCommand`) on a virtual clock.
 *
 *   npm run bench:session-length                            # 300 members, seed 2026
 *   npm run bench:session-length -- --members 1000 --seed 7
 *   npm run bench:session-length -- --repeat 1              # one run of each (default 5, step times pooled)
 *
 * The department: `--members` members (half Firefighters, a quarter Engineers, 15 % Lieutenants,
 * 10 % Captains, 0 to 30 years of service, the queue in seniority order) and stations in the
 * proportion of bench/engine (300 per 5,000 members, 18 for 300) with 21 seats each (per shift
 * 1 Captain, 1 Lieutenant, 2 Engineers, 3 Firefighters), all free: enough for everyone. A 5-minute
 * bid window, a 2-minute second chance, eligibility by rank. Each member ranks 3 to 5 seats of their
 * rank's position (distinct station and shift), stations drawn with weights 1 / (n + 1)^0.8 so that
 * some houses are wanted by many, as in a real department.
 *
 * Two scenarios from the same seed, so the department, the lists and each member's own behaviour
 * are the same in both: "live", where every member bids during their turn, and "standing", where a
 * half of the members (drawn) have a standing bid on their list. The engine decides everything: a
 * standing bid is awarded inside the step that begins the turn (no countdown), and when none of its
 * list is free the turn runs as usual and the member bids live like anyone else.
 *
 * How people are modelled (each member draws their figures once, from their own generator):
 * - First turn: 4 % are away (on a call, asleep) and do not answer within the window; the others
 *   answer after a log-normal delay from the turn's start, median 75 s, sigma 0.7 (half within
 *   75 s, 90 % within 3 min; the 2.4 % beyond 5 min miss it too).
 * - A missed turn is the turn clock's `expire` (it ticks every 250 ms: the deadline plus a uniform
 *   0 to 250 ms); the engine moves the member to the back for a 2-minute second chance.
 * - Second chance: half of those who missed come back in time, after a log-normal delay, median
 *   40 s, sigma 0.6 (beyond 2 min they miss again); the others miss, and the second `expire` gives
 *   them the engine's last-resort seat.
 * - A member who answers bids the first seat of their list that the board shows free; if none is,
 *   a random free seat of their position. A refusal is counted and they try their next choice.
 *
 * Printed per scenario: the session's wall time on the virtual clock (start to completion), turns
 * that needed a countdown (a `turn_started` notice), turns resolved by standing bids, missed turns,
 * the outcomes, and the engine's own time per step in real milliseconds (p50, p99 of every
 * `applyCommand`, pooled over `--repeat` runs of the same simulation). Then the ratio of the two wall times.
 */
import { parseArgs } from 'node:util';
import {
  applyCommand,
  type EngineCommand,
  type EngineEvent,
  type EngineParticipant,
  type EngineSeat,
  type EngineState,
  getSeatPositionForRank,
  getTurnHolder,
  type Rank,
  SEAT_POSITIONS,
  type SeatChoice,
  SHIFTS,
  type Shift,
} from '@stationbid/domain';
import { createRandom, RANK_MIX, SEATS_PER_SHIFT } from './department.ts';

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '300' },
    seed: { type: 'string', default: '2026' },
    /** The share of members with a standing bid in the second scenario. */
    'standing-share': { type: 'string', default: '0.5' },
    /** How many times each scenario is run; the engine's step times of all runs are pooled. */
    repeat: { type: 'string', default: '5' },
  },
});

const MEMBER_COUNT = Number(options.members);
const SEED = Number(options.seed);
const STANDING_SHARE = Number(options['standing-share']);
const REPEAT = Math.max(1, Number(options.repeat));
if (!Number.isInteger(MEMBER_COUNT) || MEMBER_COUNT < 1) throw new Error('--members: a positive whole number');
if (!Number.isFinite(SEED)) throw new Error('--seed: a number');

const BID_WINDOW_MINUTES = 5;
const SECOND_CHANCE_MINUTES = 2;
const TURN_CLOCK_TICK_MS = 250;
const START_TIME = Date.UTC(2026, 0, 5, 14, 0, 0);

/** The people model (see the header). */
const PEOPLE = {
  awayFirstTurn: 0.04,
  firstDelayMedianS: 75,
  firstDelaySigma: 0.7,
  backForSecondChance: 0.5,
  secondDelayMedianS: 40,
  secondDelaySigma: 0.6,
};

/** A log-normal draw in milliseconds, from two uniform draws (Box-Muller). */
function logNormalMs(medianSeconds: number, sigma: number, u1: number, u2: number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  return medianSeconds * 1000 * Math.exp(sigma * normal);
}

/** What one member does, drawn once so both scenarios see the same person. */
interface Person {
  /** Ms after their turn begins that they bid, or null when they miss the window. */
  firstDelayMs: number | null;
  /** The same for the second chance. */
  secondDelayMs: number | null;
  /** The seed of their own generator for the rest (a fallback seat, the turn clock's tick), new each run. */
  randomSeed: number;
}

interface Department {
  stations: { id: string; number: number }[];
  seats: EngineSeat[];
  participants: EngineParticipant[];
  people: Map<string, Person>;
  /** Participants who have a standing bid in the "standing" scenario. */
  standing: Set<string>;
}

function buildDepartment(memberCount: number, seed: number): Department {
  const random = createRandom(seed);
  const stationCount = Math.max(1, Math.ceil((memberCount * 300) / 5000));
  const stations = Array.from({ length: stationCount }, (_, index) => ({ id: `st-${index + 1}`, number: index + 1 }));
  const seats: EngineSeat[] = stations.flatMap((station) =>
    SHIFTS.flatMap((shift) =>
      SEAT_POSITIONS.flatMap((seatPosition) =>
        Array.from({ length: SEATS_PER_SHIFT[seatPosition] }, (_, index) => ({
          seatId: `${station.id}-${shift}-${seatPosition}-${index + 1}`,
          stationId: station.id,
          stationNumber: station.number,
          stationName: `Station ${station.number}`,
          shift,
          seatPosition,
          ordinal: index + 1,
          holderMemberId: null,
        })),
      ),
    ),
  );
  const stationWeights = stations.map((_, index) => 1 / (index + 1) ** 0.8);
  const weightTotal = stationWeights.reduce((sum, weight) => sum + weight, 0);
  const drawStation = () => {
    let target = random() * weightTotal;
    for (const [index, weight] of stationWeights.entries()) {
      target -= weight;
      if (target <= 0) return stations[index] ?? stations[0];
    }
    return stations[stations.length - 1];
  };

  const members: { id: string; rank: Rank; years: number; index: number }[] = [];
  let rankIndex = 0;
  let rankQuota = 0;
  for (let index = 0; index < memberCount; index++) {
    while (rankIndex < RANK_MIX.length - 1 && index >= rankQuota + memberCount * (RANK_MIX[rankIndex]?.[1] ?? 0)) {
      rankQuota += memberCount * (RANK_MIX[rankIndex]?.[1] ?? 0);
      rankIndex += 1;
    }
    members.push({
      id: `m-${index + 1}`,
      rank: RANK_MIX[rankIndex]?.[0] ?? 'Firefighter',
      years: Math.floor(random() * 31),
      index,
    });
  }
  // The queue in seniority order: most years first, then the employee number.
  members.sort((a, b) => b.years - a.years || a.index - b.index);

  const people = new Map<string, Person>();
  const standing = new Set<string>();
  const participants = members.map((member, position): EngineParticipant => {
    const seatPosition = getSeatPositionForRank(member.rank);
    const choiceCount = 3 + Math.floor(random() * 3);
    const choices: SeatChoice[] = [];
    while (choices.length < choiceCount) {
      const station = drawStation();
      const shift = SHIFTS[Math.floor(random() * SHIFTS.length)] as Shift;
      if (!station || choices.some((choice) => choice.stationId === station.id && choice.shift === shift)) continue;
      choices.push({ stationId: station.id, shift, seatPosition });
    }
    const participantId = `p-${member.index + 1}`;
    if (random() < STANDING_SHARE) standing.add(participantId);
    // Each member's behaviour from their own generator, so it does not depend on what others drew.
    const ownSeed = seed * 7919 + member.index + 1;
    const own = createRandom(ownSeed);
    const firstAway = own() < PEOPLE.awayFirstTurn;
    const first = logNormalMs(PEOPLE.firstDelayMedianS, PEOPLE.firstDelaySigma, own(), own());
    const secondBack = own() < PEOPLE.backForSecondChance;
    const second = logNormalMs(PEOPLE.secondDelayMedianS, PEOPLE.secondDelaySigma, own(), own());
    people.set(participantId, {
      firstDelayMs: firstAway ? null : first,
      secondDelayMs: secondBack ? second : null,
      randomSeed: ownSeed + 104_729,
    });
    return {
      participantId,
      memberId: member.id,
      name: `Member ${member.index + 1}`,
      employeeId: `E${String(member.index + 1).padStart(6, '0')}`,
      rank: member.rank,
      yearsOfService: member.years,
      seniorityScore: member.years,
      bidPriority: position + 1,
      queuePosition: position,
      movedToBack: false,
      outcome: null,
      turnDeadline: null,
      currentSeat: null,
      awardedSeat: null,
      preferences: { autoBid: false, choices, preferredStationIds: [], preferredShifts: [] },
    };
  });
  return { stations, seats, participants, people, standing };
}

function initialState(department: Department, withStandingBids: boolean): EngineState {
  return {
    session: {
      status: 'draft',
      currentParticipant: 0,
      currentBidEnd: null,
      pausedRemainingMs: null,
      bidWindowMinutes: BID_WINDOW_MINUTES,
      autoAssignTimeoutMinutes: SECOND_CHANCE_MINUTES,
      eligibilityMode: 'rank',
      clearAssignments: false,
      actualStart: null,
      actualEnd: null,
    },
    participants: department.participants.map((participant) =>
      withStandingBids && department.standing.has(participant.participantId)
        ? { ...participant, preferences: { ...participant.preferences, standingBid: true } }
        : participant,
    ),
    seats: department.seats,
  };
}

interface ScenarioFigures {
  name: string;
  wallMs: number;
  countdownTurns: number;
  standingBidTurns: number;
  standingBidsFellThrough: number;
  missedFirst: number;
  missedSecond: number;
  refusals: number;
  outcomes: Record<string, number>;
  steps: number;
  stepMs: number[];
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

function runScenario(department: Department, name: string, withStandingBids: boolean): ScenarioFigures {
  let state = initialState(department, withStandingBids);
  const figures: ScenarioFigures = {
    name,
    wallMs: 0,
    countdownTurns: 0,
    standingBidTurns: 0,
    standingBidsFellThrough: 0,
    missedFirst: 0,
    missedSecond: 0,
    refusals: 0,
    outcomes: {},
    steps: 0,
    stepMs: [],
  };
  const step = (command: EngineCommand): { ok: boolean; events: readonly EngineEvent[] } => {
    const before = performance.now();
    const result = applyCommand(state, command);
    figures.stepMs.push(performance.now() - before);
    figures.steps += 1;
    if (!result.ok) return { ok: false, events: [] };
    state = result.state;
    for (const event of result.events) {
      if (event.kind === 'notification' && event.notification.type === 'turn_started') {
        figures.countdownTurns += 1;
        if (withStandingBids && department.standing.has(event.notification.participantId)) {
          figures.standingBidsFellThrough += 1;
        }
      }
      if (event.kind === 'history' && event.entry.details.source === 'standing_bid') figures.standingBidTurns += 1;
    }
    return result;
  };

  const generators = new Map<Person, () => number>();
  const randomOf = (person: Person) => {
    let generator = generators.get(person);
    if (!generator) {
      generator = createRandom(person.randomSeed);
      generators.set(person, generator);
    }
    return generator();
  };

  let now = START_TIME;
  const admin = { memberId: 'admin', name: 'Bench Admin', isAdmin: true };
  if (!step({ type: 'start', now, actor: admin }).ok) throw new Error('start refused');

  while (state.session.status === 'active') {
    const holder = getTurnHolder(state);
    const deadline = state.session.currentBidEnd;
    if (!holder || deadline === null) throw new Error('an active session without a running turn');
    const person = department.people.get(holder.participantId);
    if (!person) throw new Error(`no person for ${holder.participantId}`);
    const turnBegan = now;
    const delay = holder.movedToBack ? person.secondDelayMs : person.firstDelayMs;
    if (delay === null || turnBegan + delay > deadline) {
      now = deadline + 1 + Math.floor(randomOf(person) * TURN_CLOCK_TICK_MS);
      if (holder.movedToBack) figures.missedSecond += 1;
      else figures.missedFirst += 1;
      const result = step({ type: 'expire', now });
      if (!result.ok || result.events.length === 0) throw new Error('the turn clock did nothing after the deadline');
      continue;
    }
    now = turnBegan + Math.round(delay);
    bidLive(holder, person, now, step, figures);
  }

  figures.wallMs = (state.session.actualEnd ?? now) - (state.session.actualStart ?? START_TIME);
  for (const participant of state.participants) {
    const outcome = participant.outcome ?? 'none';
    figures.outcomes[outcome] = (figures.outcomes[outcome] ?? 0) + 1;
  }
  return figures;

  /** The member looks at the board: the first free seat of their list, else any free seat of their position. */
  function bidLive(
    holder: EngineParticipant,
    person: Person,
    at: number,
    apply: typeof step,
    counts: ScenarioFigures,
  ): void {
    const actor = { memberId: holder.memberId, name: holder.name, isAdmin: false };
    const isFree = (choice: SeatChoice) =>
      state.seats.some(
        (seat) =>
          seat.holderMemberId === null &&
          seat.stationId === choice.stationId &&
          seat.shift === choice.shift &&
          seat.seatPosition === choice.seatPosition,
      );
    const wanted = holder.preferences.choices.filter(isFree);
    const position = getSeatPositionForRank(holder.rank);
    const freeOfPosition = state.seats.filter((seat) => seat.holderMemberId === null && seat.seatPosition === position);
    const fallback = freeOfPosition[Math.floor(randomOf(person) * freeOfPosition.length)];
    if (fallback) wanted.push({ stationId: fallback.stationId, shift: fallback.shift, seatPosition: position });
    for (const choice of wanted) {
      const result = apply({ type: 'bid', now: at, actor, participantId: holder.participantId, seat: choice });
      if (result.ok) return;
      counts.refusals += 1;
    }
    // Nothing they could take: they pass, keeping what they hold.
    if (!apply({ type: 'skip', now: at, actor, participantId: holder.participantId }).ok) {
      throw new Error(`${holder.participantId} could neither bid nor pass`);
    }
  }
}

const hoursMinutes = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

function report(figures: ScenarioFigures): void {
  const sorted = [...figures.stepMs].sort((a, b) => a - b);
  console.log(`${figures.name}:`);
  console.log(
    `  session wall time: ${hoursMinutes(figures.wallMs)} (h:mm, ${(figures.wallMs / 60_000).toFixed(1)} min)`,
  );
  console.log(`  turns with a countdown: ${figures.countdownTurns}`);
  console.log(
    `  turns resolved by standing bids: ${figures.standingBidTurns}` +
      (figures.standingBidsFellThrough > 0
        ? ` (${figures.standingBidsFellThrough} standing bids found no free choice and ran a turn)`
        : ''),
  );
  console.log(
    `  missed turns: ${figures.missedFirst + figures.missedSecond} (${figures.missedFirst} first, ${figures.missedSecond} second chances)`,
  );
  console.log(`  refused bids: ${figures.refusals}`);
  console.log(
    `  outcomes: ${Object.entries(figures.outcomes)
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ')}`,
  );
  console.log(
    `  engine per step (${figures.steps} steps a run, ${sorted.length} timed over ${REPEAT} runs, real time): p50 ${percentile(sorted, 0.5).toFixed(3)} ms, ` +
      `p99 ${percentile(sorted, 0.99).toFixed(3)} ms, max ${(sorted.at(-1) ?? 0).toFixed(3)} ms`,
  );
}

function main(): void {
  const department = buildDepartment(MEMBER_COUNT, SEED);
  console.log(
    `bench/session-length: ${MEMBER_COUNT} members, ${department.stations.length} stations, ${department.seats.length} seats, ` +
      `seed ${SEED}, ${BID_WINDOW_MINUTES}-minute window, ${SECOND_CHANCE_MINUTES}-minute second chance`,
  );
  console.log(`standing bids in the second scenario: ${department.standing.size} of ${MEMBER_COUNT} members`);
  console.log('');
  // One unrecorded pass of each warms the engine's code up, so the first scenario's step times do not
  // carry the compiler's start. Then both scenarios, in turn, `--repeat` times: the simulation is the
  // same every time (same seed), and the step times of all repetitions are pooled, so that a
  // neighbour's burst on a shared machine weighs less on the p99.
  runScenario(department, 'warm-up', false);
  runScenario(department, 'warm-up', true);
  const live = runScenario(department, 'without standing bids (everyone bids live)', false);
  const standing = runScenario(department, `with standing bids (${department.standing.size} members)`, true);
  for (let repetition = 1; repetition < REPEAT; repetition++) {
    for (const figures of [live, standing]) {
      const again = runScenario(department, figures.name, figures === standing);
      if (again.wallMs !== figures.wallMs) throw new Error('a repetition did not repeat the simulation');
      figures.stepMs.push(...again.stepMs);
    }
  }
  report(live);
  report(standing);
  console.log('');
  console.log(
    `wall time with / without standing bids: ${(standing.wallMs / live.wallMs).toFixed(2)} ` +
      `(${hoursMinutes(standing.wallMs)} / ${hoursMinutes(live.wallMs)})`,
  );
}

main();
