/**
 * Minimum staffing that cannot break (bidding-rules.md, "Seats that must be filled"). A must-fill seat
 * still open (free, or held by a member who is still to bid and may leave it) needs a member still to
 * bid who is qualified for it, each member filling at most one. Whether every such seat can be filled
 * is a bipartite matching between those seats and those members; the engine accepts a step only if
 * the matching's shortfall (the seats no matching can fill) does not grow.
 *
 * The matching is exact, and cheap at any size: seats that need the same thing (position and required
 * certifications) form one class, members who can take the same seats another, and the maximum
 * matching is a maximum flow through a graph of a few dozen classes, whatever the head count.
 */
import { getSeatPositionForRank, type SeatPosition } from '../constants.ts';
import { certificationName, joinWords, validCertificationCodes } from './qualification.ts';
import type { EngineParticipant, EngineSeat, EngineSession, EngineState } from './types.ts';

/** Seats that need the same: one seat position and one set of certifications. */
interface SeatClass {
  position: SeatPosition;
  requires: readonly string[];
  count: number;
  stationNumbers: Set<number>;
}

/** Members who can take the same must-fill seats: one eligible position (null: any) and the certifications that matter. */
interface MemberClass {
  position: SeatPosition | null;
  codes: ReadonlySet<string>;
  count: number;
}

/** The must-fill seats still open and the members still to bid, by class. */
export interface StaffingPool {
  seats: Map<string, SeatClass>;
  members: Map<string, MemberClass>;
  /** The codes any must-fill seat requires: only these tell members apart. */
  codes: ReadonlySet<string>;
  date: string;
  session: EngineSession;
}

function seatClassKey(seat: Pick<EngineSeat, 'seatPosition' | 'requires'>): string {
  return `${seat.seatPosition}|${[...(seat.requires ?? [])].sort().join(',')}`;
}

/** Whether a participant still counts among those to bid: waiting (no outcome yet) and still a member. */
export function isStillToBid(participant: EngineParticipant): boolean {
  return participant.outcome === null && participant.memberId !== null;
}

function memberClassOf(pool: Pick<StaffingPool, 'codes' | 'date' | 'session'>, participant: EngineParticipant) {
  const position = pool.session.eligibilityMode === 'any' ? null : getSeatPositionForRank(participant.rank);
  const valid = validCertificationCodes(participant, pool.date);
  const codes = [...valid].filter((code) => pool.codes.has(code)).sort();
  return { key: `${position ?? '*'}|${codes.join(',')}`, position, codes: new Set(codes) };
}

function canTake(member: MemberClass, seat: SeatClass): boolean {
  return (
    (member.position === null || member.position === seat.position) &&
    seat.requires.every((code) => member.codes.has(code))
  );
}

/** Whether the session has any must-fill seat: without one, staffing never refuses anything. */
export function hasMustFillSeats(state: EngineState): boolean {
  return state.seats.some((seat) => seat.mustFill === true);
}

/**
 * The pool of a state: every must-fill seat that is free or held by a participant still to bid, and
 * every participant still to bid. Undefined when the session has no must-fill seat.
 */
export function staffingPool(state: EngineState, date: string): StaffingPool | undefined {
  const stillToBidMembers = new Set<string>();
  for (const participant of state.participants) {
    if (isStillToBid(participant) && participant.memberId !== null) stillToBidMembers.add(participant.memberId);
  }
  const seats = new Map<string, SeatClass>();
  const codes = new Set<string>();
  for (const seat of state.seats) {
    if (seat.mustFill !== true) continue;
    if (seat.holderMemberId !== null && !stillToBidMembers.has(seat.holderMemberId)) continue;
    const key = seatClassKey(seat);
    const seatClass = seats.get(key);
    if (seatClass) {
      seatClass.count += 1;
      seatClass.stationNumbers.add(seat.stationNumber);
    } else {
      const requires = [...(seat.requires ?? [])].sort();
      for (const code of requires) codes.add(code);
      seats.set(key, {
        position: seat.seatPosition,
        requires,
        count: 1,
        stationNumbers: new Set([seat.stationNumber]),
      });
    }
  }
  if (!state.seats.some((seat) => seat.mustFill === true)) return undefined;
  const pool: StaffingPool = { seats, members: new Map(), codes, date, session: state.session };
  for (const participant of state.participants) {
    if (isStillToBid(participant)) addMember(pool, participant, 1);
  }
  return pool;
}

function addMember(pool: StaffingPool, participant: EngineParticipant, delta: 1 | -1): void {
  const { key, position, codes } = memberClassOf(pool, participant);
  const existing = pool.members.get(key);
  if (existing) existing.count += delta;
  else pool.members.set(key, { position, codes, count: delta });
}

function clonePool(pool: StaffingPool): StaffingPool {
  return {
    ...pool,
    seats: new Map([...pool.seats].map(([key, value]) => [key, { ...value }])),
    members: new Map([...pool.members].map(([key, value]) => [key, { ...value }])),
  };
}

/**
 * The pool after a participant's turn ends: they are no longer to bid, and the must-fill seat they
 * end up holding (taken, or kept when they pass) is filled for good. The seat they leave stays open.
 */
export function poolAfter(
  pool: StaffingPool,
  participant: EngineParticipant,
  heldAfter: EngineSeat | null,
): StaffingPool {
  const after = clonePool(pool);
  if (isStillToBid(participant)) addMember(after, participant, -1);
  if (heldAfter?.mustFill === true) {
    const seatClass = after.seats.get(seatClassKey(heldAfter));
    if (seatClass) seatClass.count -= 1;
  }
  return after;
}

interface Matching {
  /** Must-fill seats no matching fills. */
  shortfall: number;
  /** Per seat class, how many stay unfilled in the matching found. */
  unfilled: Map<string, number>;
}

/**
 * A maximum matching of seats to members, as a maximum flow from seat classes to member classes
 * (Edmonds-Karp on the class graph: source -> seat class (count) -> member class (unbounded, when the
 * members can take those seats) -> sink (count)).
 */
function match(pool: StaffingPool): Matching {
  const seatKeys = [...pool.seats.keys()].filter((key) => (pool.seats.get(key)?.count ?? 0) > 0);
  const memberKeys = [...pool.members.keys()].filter((key) => (pool.members.get(key)?.count ?? 0) > 0);
  const seatCount = seatKeys.length;
  const source = 0;
  const sink = 1 + seatCount + memberKeys.length;
  const size = sink + 1;
  const capacity = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  let total = 0;
  seatKeys.forEach((key, index) => {
    const seatClass = pool.seats.get(key) as SeatClass;
    capacity[source]![1 + index] = seatClass.count;
    total += seatClass.count;
    memberKeys.forEach((memberKey, memberIndex) => {
      if (canTake(pool.members.get(memberKey) as MemberClass, seatClass)) {
        capacity[1 + index]![1 + seatCount + memberIndex] = Number.POSITIVE_INFINITY;
      }
    });
  });
  memberKeys.forEach((key, index) => {
    capacity[1 + seatCount + index]![sink] = (pool.members.get(key) as MemberClass).count;
  });
  let flow = 0;
  for (;;) {
    const parent = new Array<number>(size).fill(-1);
    parent[source] = source;
    const queue = [source];
    while (queue.length > 0 && parent[sink] === -1) {
      const node = queue.shift() as number;
      for (let next = 0; next < size; next += 1) {
        if (parent[next] === -1 && (capacity[node]![next] ?? 0) > 0) {
          parent[next] = node;
          queue.push(next);
        }
      }
    }
    if (parent[sink] === -1) break;
    let pushed = Number.POSITIVE_INFINITY;
    for (let node = sink; node !== source; node = parent[node] as number) {
      pushed = Math.min(pushed, capacity[parent[node] as number]![node] as number);
    }
    for (let node = sink; node !== source; node = parent[node] as number) {
      const previous = parent[node] as number;
      capacity[previous]![node] = (capacity[previous]![node] as number) - pushed;
      capacity[node]![previous] = (capacity[node]![previous] as number) + pushed;
    }
    flow += pushed;
  }
  const unfilled = new Map<string, number>();
  seatKeys.forEach((key, index) => {
    const left = capacity[source]![1 + index] as number;
    if (left > 0) unfilled.set(key, left);
  });
  return { shortfall: total - flow, unfilled };
}

/** How many open must-fill seats no assignment of the members still to bid can fill. */
export function staffingShortfall(pool: StaffingPool): number {
  return match(pool).shortfall;
}

/**
 * Whether the participant's turn may end with them holding `heldAfter` (a seat taken or kept, or
 * null): true when it leaves no more must-fill seats unfillable than before. With a refusal
 * message when not.
 */
export function checkStaffing(
  pool: StaffingPool | undefined,
  participant: EngineParticipant,
  heldAfter: EngineSeat | null,
): { ok: true } | { ok: false; message: string } {
  if (!pool) return { ok: true };
  const before = match(pool);
  const afterPool = poolAfter(pool, participant, heldAfter);
  const after = match(afterPool);
  if (after.shortfall <= before.shortfall) return { ok: true };
  return { ok: false, message: staffingRefusalMessage(pool, afterPool, after, participant) };
}

/**
 * "Station 7 needs your Paramedic card: 2 Paramedic seats are left and 2 Paramedics are left to bid.
 * Choose one of those seats." The seats named are a class the matching leaves short once this member
 * is gone, among those they could fill.
 */
function staffingRefusalMessage(
  pool: StaffingPool,
  afterPool: StaffingPool,
  after: Matching,
  participant: EngineParticipant,
): string {
  const own = memberClassOf(pool, participant);
  const ownClass: MemberClass = { position: own.position, codes: own.codes, count: 1 };
  const shortKeys = [...after.unfilled.keys()];
  const key =
    shortKeys.find((candidate) => canTake(ownClass, afterPool.seats.get(candidate) as SeatClass)) ?? shortKeys[0];
  const seatClass = key === undefined ? undefined : pool.seats.get(key);
  if (!seatClass)
    return 'A seat that must be filled would be left with nobody qualified to take it. Choose one of those seats.';
  const qualified = [...pool.members.values()].reduce(
    (sum, member) => sum + (canTake(member, seatClass) ? member.count : 0),
    0,
  );
  const stations = [...seatClass.stationNumbers].sort((a, b) => a - b);
  const where = stations.length === 1 ? `Station ${stations[0]}` : `Stations ${joinWords(stations.map(String))}`;
  if (seatClass.requires.length === 0) {
    return `${where} needs you: ${plural(seatClass.count, `${seatClass.position} seat`)} that must be filled ${seatClass.count === 1 ? 'is' : 'are'} left and ${plural(qualified, 'member')} who can take ${seatClass.count === 1 ? 'it' : 'them'} ${qualified === 1 ? 'is' : 'are'} left to bid. Choose one of those seats.`;
  }
  const names = seatClass.requires.map((code) => certificationName(pool.session, code));
  const cards = names.length === 1 ? `your ${names[0]} card` : `your ${joinWords(names)} cards`;
  const label = names.join('/');
  return `${where} needs ${cards}: ${plural(seatClass.count, `${label} seat`)} ${seatClass.count === 1 ? 'is' : 'are'} left and ${plural(qualified, label)} ${qualified === 1 ? 'is' : 'are'} left to bid. Choose one of those seats.`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
