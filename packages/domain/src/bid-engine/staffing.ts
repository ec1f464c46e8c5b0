/**
 * Minimum staffing that cannot break (bidding-rules.md, "Seats that must be filled"). A must-fill seat
 * still free needs a member still to bid who is qualified for it, each member filling at most one.
 * Whether every such seat can be filled is a bipartite matching between those seats and those
 * members; the engine accepts a step only if the matching's shortfall (the seats no matching can
 * fill) does not grow. A must-fill seat someone holds counts as filled, and a member still to bid
 * who holds one is filling it (they are not counted again for another); when they leave it, it
 * becomes free at that moment and the same check decides whether they may.
 *
 * Only free seats take part, because turns come in order: a seat its holder has not yet left cannot
 * be promised to a member whose turn comes first. With free seats only, the turn holder always has a
 * move that keeps the shortfall (the seat a maximum matching gives them, or keeping what they hold),
 * so the check never leaves a turn without a way out.
 *
 * The matching is exact, and cheap at any size: seats that need the same thing (position and required
 * certifications) form one class, members who can take the same seats another, and the maximum
 * matching is a maximum flow through a graph of a few dozen classes, whatever the head count.
 */
import { getSeatPositionForRank, type SeatPosition } from '../constants.ts';
import { memoizeBySeatList, participantListMemo, seatListMemo } from './list-memos.ts';
import { type BidSubject, certificationName, joinWords, validCertificationCodes, YOU } from './qualification.ts';
import type { EngineParticipant, EngineSeat, EngineSession, EngineState } from './types.ts';

/** Seats that need the same: one seat position and one set of certifications. */
interface SeatClass {
  position: SeatPosition;
  requires: readonly string[];
  count: number;
  /** Free seats of the class by station number (a refusal names the stations). */
  stations: Map<number, number>;
}

/** Members who can take the same must-fill seats: one eligible position (null: any) and the certifications that matter. */
interface MemberClass {
  position: SeatPosition | null;
  codes: ReadonlySet<string>;
  count: number;
}

/** The must-fill seats still free and the members still to bid, by class. */
export interface StaffingPool {
  seats: ReadonlyMap<string, SeatClass>;
  members: ReadonlyMap<string, MemberClass>;
  /** The codes any must-fill seat requires: only these tell members apart. */
  codes: ReadonlySet<string>;
  date: string;
  /** What a member's class depends on besides the member (memberClassOf's cache checks it). */
  classContext: string;
  session: EngineSession;
}

const seatClassKeys = new WeakMap<EngineSeat, string>();

function seatClassKey(seat: EngineSeat): string {
  let key = seatClassKeys.get(seat);
  if (key === undefined) {
    key = `${seat.seatPosition}|${[...(seat.requires ?? [])].sort().join(',')}`;
    seatClassKeys.set(seat, key);
  }
  return key;
}

/** The places of a list's must-fill seats, and whether every one of them requires a certification. */
export type MustFillIndexes = readonly number[] & { readonly everyRequiresCertification: boolean };

/**
 * Kept with the seat list (list-memos.ts), so a session of thousands of seats finds its few
 * must-fill ones without looking at the others.
 */
export const mustFillSeatIndexes = memoizeBySeatList((seats): MustFillIndexes => {
  const places = seats.flatMap((seat, index) => (seat.mustFill === true ? [index] : []));
  const everyRequiresCertification = places.every((index) => (seats[index]?.requires ?? []).length > 0);
  return Object.assign(places, { everyRequiresCertification });
});

/** Whether a participant still counts among those to bid: waiting (no outcome yet) and still a member. */
function isStillToBid(participant: EngineParticipant): boolean {
  return participant.outcome === null && participant.memberId !== null;
}

interface MemberClassOf {
  key: string;
  position: SeatPosition | null;
  codes: ReadonlySet<string>;
}

/**
 * Each participant's class, kept with the participant object it was worked out for and the context
 * it depends on. A step keeps the participants it does not change as the same objects, so a
 * session of thousands works out only the few that changed at each step.
 */
const memberClassCache = new WeakMap<EngineParticipant, { context: string; memberClass: MemberClassOf }>();

function memberClassOf(pool: MemberClassing, participant: EngineParticipant) {
  const context = pool.classContext;
  const cached = memberClassCache.get(participant);
  if (cached?.context === context) return cached.memberClass;
  const position = pool.session.eligibilityMode === 'any' ? null : getSeatPositionForRank(participant.rank);
  const valid = validCertificationCodes(participant, pool.date);
  const codes = [...valid].filter((code) => pool.codes.has(code)).sort();
  const memberClass = { key: `${position ?? '*'}|${codes.join(',')}`, position, codes: new Set(codes) };
  memberClassCache.set(participant, { context, memberClass });
  return memberClass;
}

function canTake(member: MemberClass, seat: SeatClass): boolean {
  return (
    (member.position === null || member.position === seat.position) &&
    seat.requires.every((code) => member.codes.has(code))
  );
}

/**
 * The pool of a state: every must-fill seat that is free, and every participant still to bid who
 * does not already fill one. Undefined when the session has no must-fill seat. The certifications of
 * every must-fill seat tell members apart, so a seat freed later finds its members counted. Its maps
 * are shared with the counts kept for the state's lists: read them, never change them.
 */
export function staffingPool(state: EngineState, date: string): StaffingPool | undefined {
  const free = countFreeMustFillSeats(state.seats);
  if (!free) return undefined;
  const classContext = `${date}|${state.session.eligibilityMode}|${[...free.codes].sort().join(',')}`;
  const classing: MemberClassing = { codes: free.codes, date, session: state.session, classContext };
  const stillToBid = countMembersStillToBid(classing, state.participants, mustFillSeatIds(state.seats));
  return { ...classing, seats: free.seats, members: stillToBid.members };
}

type MemberClassing = Pick<StaffingPool, 'codes' | 'date' | 'session' | 'classContext'>;

/** The ids of a list's must-fill seats: a participant whose seat is one of them already fills it. */
const mustFillSeatIds = memoizeBySeatList(
  (seats): ReadonlySet<string> =>
    new Set(mustFillSeatIndexes(seats).map((index) => (seats[index] as EngineSeat).seatId)),
);

/** The free must-fill seats by class, as counted over one seat list. */
interface FreeMustFillSeats {
  /** The list's must-fill seats when counted, in the order of mustFillSeatIndexes. */
  counted: readonly EngineSeat[];
  seats: ReadonlyMap<string, SeatClass>;
  /** The codes any must-fill seat requires. */
  codes: ReadonlySet<string>;
}

/**
 * Kept with the seat list (list-memos.ts) and brought up to date by comparing the must-fill seats
 * with those counted, as the members still to bid are below: a step changes one or two seats.
 */
const freeMustFillSeatsByList = seatListMemo<FreeMustFillSeats>();

function countFreeMustFillSeats(seats: readonly EngineSeat[]): FreeMustFillSeats | undefined {
  const indexes = mustFillSeatIndexes(seats);
  if (indexes.length === 0) return undefined;
  const kept = freeMustFillSeatsByList.get(seats);
  let count: FreeMustFillSeats;
  if (kept && kept.counted.length === indexes.length) {
    let classes: Map<string, SeatClass> | undefined;
    indexes.forEach((index, place) => {
      const seat = seats[index] as EngineSeat;
      const before = kept.counted[place] as EngineSeat;
      if (seat === before || (seat.holderMemberId === null) === (before.holderMemberId === null)) return;
      classes ??= cloneSeatClasses(kept.seats);
      addSeat(classes, seat, seat.holderMemberId === null ? 1 : -1);
    });
    if (!classes) return kept;
    count = { ...kept, counted: indexes.map((index) => seats[index] as EngineSeat), seats: classes };
  } else {
    const classes = new Map<string, SeatClass>();
    const codes = new Set<string>();
    for (const index of indexes) {
      const seat = seats[index] as EngineSeat;
      for (const code of seat.requires ?? []) codes.add(code);
      if (seat.holderMemberId === null) addSeat(classes, seat, 1);
    }
    count = { counted: indexes.map((index) => seats[index] as EngineSeat), seats: classes, codes };
  }
  freeMustFillSeatsByList.set(seats, count);
  return count;
}

/** The members still to bid by class, as counted over one participant list. */
interface MembersStillToBid {
  classContext: string;
  mustFillSeatIds: ReadonlySet<string>;
  /** The list's entries when counted (a step's working list changes after it is counted). */
  counted: readonly EngineParticipant[];
  members: ReadonlyMap<string, MemberClass>;
}

/**
 * Kept with the participant list (list-memos.ts). A step replaces only the participants it changes,
 * so a count for the list a step started from is brought up to date by comparing entries: one or
 * two members are classed again at a bid instead of all 20,000.
 */
const membersStillToBidByList = participantListMemo<MembersStillToBid>();

function countMembersStillToBid(
  classing: MemberClassing,
  participants: readonly EngineParticipant[],
  fillable: ReadonlySet<string>,
): MembersStillToBid {
  // Still to bid, and not already filling a must-fill seat (which they would leave to take another).
  const counts = (participant: EngineParticipant) =>
    isStillToBid(participant) && !(participant.currentSeat !== null && fillable.has(participant.currentSeat.seatId));
  const kept = membersStillToBidByList.get(participants);
  let count: MembersStillToBid;
  if (
    kept?.classContext === classing.classContext &&
    kept.mustFillSeatIds === fillable &&
    kept.counted.length === participants.length
  ) {
    let members: Map<string, MemberClass> | undefined;
    participants.forEach((participant, index) => {
      const before = kept.counted[index] as EngineParticipant;
      if (before === participant) return;
      const [was, is] = [counts(before), counts(participant)];
      if (!was && !is) return;
      members ??= cloneMembers(kept.members);
      if (was) addMember(members, classing, before, -1);
      if (is) addMember(members, classing, participant, 1);
    });
    if (!members) return kept;
    count = { ...kept, counted: [...participants], members };
  } else {
    const members = new Map<string, MemberClass>();
    for (const participant of participants) if (counts(participant)) addMember(members, classing, participant, 1);
    count = { classContext: classing.classContext, mustFillSeatIds: fillable, counted: [...participants], members };
  }
  membersStillToBidByList.set(participants, count);
  return count;
}

function addSeat(seats: Map<string, SeatClass>, seat: EngineSeat, delta: 1 | -1): void {
  const key = seatClassKey(seat);
  let seatClass = seats.get(key);
  if (!seatClass) {
    seatClass = {
      position: seat.seatPosition,
      requires: [...(seat.requires ?? [])].sort(),
      count: 0,
      stations: new Map(),
    };
    seats.set(key, seatClass);
  }
  seatClass.count += delta;
  seatClass.stations.set(seat.stationNumber, (seatClass.stations.get(seat.stationNumber) ?? 0) + delta);
}

function cloneSeatClasses(seats: ReadonlyMap<string, SeatClass>): Map<string, SeatClass> {
  return new Map([...seats].map(([key, value]) => [key, { ...value, stations: new Map(value.stations) }]));
}

function addMember(
  members: Map<string, MemberClass>,
  classing: MemberClassing,
  participant: EngineParticipant,
  delta: 1 | -1,
): void {
  const { key, position, codes } = memberClassOf(classing, participant);
  const existing = members.get(key);
  if (existing) existing.count += delta;
  else members.set(key, { position, codes, count: delta });
}

function cloneMembers(members: ReadonlyMap<string, MemberClass>): Map<string, MemberClass> {
  return new Map([...members].map(([key, value]) => [key, { ...value }]));
}

/**
 * The pool after a participant's turn ends holding `heldAfter` (a seat taken, the seat kept, or none),
 * having held `heldBefore`: they are no longer to bid, a must-fill seat they take is filled, and a
 * must-fill seat they leave is free.
 */
function poolAfter(
  pool: StaffingPool,
  participant: EngineParticipant,
  heldBefore: EngineSeat | null,
  heldAfter: EngineSeat | null,
): StaffingPool {
  const seats = cloneSeatClasses(pool.seats);
  const members = cloneMembers(pool.members);
  const after = { ...pool, seats, members };
  if (isStillToBid(participant) && heldBefore?.mustFill !== true) addMember(members, pool, participant, -1);
  if (heldBefore?.seatId === heldAfter?.seatId) return after;
  if (heldAfter?.mustFill === true) addSeat(seats, heldAfter, -1);
  if (heldBefore?.mustFill === true) addSeat(seats, heldBefore, 1);
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
  // Sorted, so the matching found (and the seats a refusal names) never depends on the order in
  // which the classes were first counted: a pool brought up to date step by step and one counted
  // afresh give the same answer.
  const seatKeys = [...pool.seats.keys()].filter((key) => (pool.seats.get(key)?.count ?? 0) > 0).sort();
  const memberKeys = [...pool.members.keys()].filter((key) => (pool.members.get(key)?.count ?? 0) > 0).sort();
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

/**
 * Whether the participant's turn may end with them holding `heldAfter` (a seat taken or kept, or
 * null) instead of `heldBefore` (the session's seat they hold, or null): true when it leaves no more
 * must-fill seats unfillable than before. With a refusal message when not.
 */
export function checkStaffing(
  pool: StaffingPool | undefined,
  participant: EngineParticipant,
  heldBefore: EngineSeat | null,
  heldAfter: EngineSeat | null,
  subject: BidSubject = YOU,
): { ok: true } | { ok: false; message: string } {
  if (!pool) return { ok: true };
  const before = match(pool);
  const afterPool = poolAfter(pool, participant, heldBefore, heldAfter);
  const after = match(afterPool);
  if (after.shortfall <= before.shortfall) return { ok: true };
  return {
    ok: false,
    message: staffingRefusalMessage(pool, afterPool, after, participant, heldBefore?.mustFill === true, subject),
  };
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
  fillsHeldSeat: boolean,
  subject: BidSubject,
): string {
  const own = memberClassOf(pool, participant);
  const ownClass: MemberClass = { position: own.position, codes: own.codes, count: 1 };
  const shortKeys = [...after.unfilled.keys()];
  const key =
    shortKeys.find((candidate) => canTake(ownClass, afterPool.seats.get(candidate) as SeatClass)) ?? shortKeys[0];
  const seatClass = key === undefined ? undefined : afterPool.seats.get(key);
  if (!seatClass)
    return 'A seat that must be filled would be left with nobody qualified to take it. Choose one of those seats.';
  // Those left to bid who could take these seats, the member asking among them (a member who fills
  // a must-fill seat is not in the pool, but is still to bid).
  const qualified =
    [...pool.members.values()].reduce((sum, member) => sum + (canTake(member, seatClass) ? member.count : 0), 0) +
    (fillsHeldSeat && canTake(ownClass, seatClass) ? 1 : 0);
  const stations = [...seatClass.stations]
    .filter(([, free]) => free > 0)
    .map(([number]) => number)
    .sort((a, b) => a - b);
  // "Station 7 needs", "Stations 3 and 7 need", "Stations 1, 2, 3 and 117 more need".
  const where =
    stations.length === 1
      ? `Station ${stations[0]} needs`
      : stations.length <= 4
        ? `Stations ${joinWords(stations.map(String))} need`
        : `Stations ${stations.slice(0, 3).join(', ')} and ${stations.length - 3} more need`;
  if (seatClass.requires.length === 0) {
    return `${where} ${subject.name}: ${plural(seatClass.count, `${seatClass.position} seat`)} that must be filled ${seatClass.count === 1 ? 'is' : 'are'} left and ${plural(qualified, 'member')} who can take ${seatClass.count === 1 ? 'it' : 'them'} ${qualified === 1 ? 'is' : 'are'} left to bid. Choose one of those seats.`;
  }
  const names = seatClass.requires.map((code) => certificationName(pool.session, code));
  const cards =
    names.length === 1 ? `${subject.possessive} ${names[0]} card` : `${subject.possessive} ${joinWords(names)} cards`;
  const label = names.join('/');
  return `${where} ${cards}: ${plural(seatClass.count, `${label} seat`)} ${seatClass.count === 1 ? 'is' : 'are'} left and ${plural(qualified, label)} ${qualified === 1 ? 'is' : 'are'} left to bid. Choose one of those seats.`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
