/**
 * What the engine works out about a session's seat list or participant list once, kept with the
 * list. A step copies the lists it is given and replaces only the entries it changes (session-step.ts),
 * so whatever was worked out for its input still holds for its copy: the step carries it over, and
 * the next step of the same session (the server keeps the last step's state) finds it at once. At
 * 20,000 participants and 25,000 seats, working these out again at every bid would be most of a
 * bid's time.
 *
 * A memo built once may depend only on what a step never changes in an entry: a seat's identity,
 * kind and rules, not its holder. A memo that does depend on holders or outcomes is kept with the
 * entries it was counted from and brought up to date by comparing them (see staffing.ts).
 */
import type { EngineParticipant, EngineSeat } from './types.ts';

type Memo<List extends object> = WeakMap<List, unknown>;

const seatListMemos: Memo<readonly EngineSeat[]>[] = [];
const participantListMemos: Memo<readonly EngineParticipant[]>[] = [];

function memoizeBy<List extends object, Value>(
  registry: Memo<List>[],
  build: (list: List) => Value,
): (list: List) => Value {
  const memo = new WeakMap<List, Value>();
  registry.push(memo);
  return (list) => {
    if (memo.has(list)) return memo.get(list) as Value;
    const value = build(list);
    memo.set(list, value);
    return value;
  };
}

/** `build(seats)` once per seat list (and the copies steps make of it). */
export function memoizeBySeatList<Value>(build: (seats: readonly EngineSeat[]) => Value) {
  return memoizeBy(seatListMemos, build);
}

/**
 * A list's memo, read and kept by its owner: `get` answers what was kept for the list or for the
 * list a step copied it from; `set` keeps a value for the list. The owner checks that a value still
 * holds for the entries (a step changes entries of its working copy after the copy is made).
 */
function listMemo<List extends object, Value>(registry: Memo<List>[]) {
  const memo = new WeakMap<List, Value>();
  registry.push(memo);
  return {
    get: (list: List) => memo.get(list),
    set: (list: List, value: Value) => memo.set(list, value),
  };
}

export const participantListMemo = <Value>() => listMemo<readonly EngineParticipant[], Value>(participantListMemos);
export const seatListMemo = <Value>() => listMemo<readonly EngineSeat[], Value>(seatListMemos);

function carry<List extends object>(registry: Memo<List>[], from: List, to: List): void {
  for (const memo of registry) {
    if (memo.has(from) && !memo.has(to)) memo.set(to, memo.get(from));
  }
}

/** Keeps what was worked out for a step's input lists with the step's working copies of them. */
export function carryListMemos(
  from: { seats: readonly EngineSeat[]; participants: readonly EngineParticipant[] },
  to: { seats: readonly EngineSeat[]; participants: readonly EngineParticipant[] },
): void {
  carry(seatListMemos, from.seats, to.seats);
  carry(participantListMemos, from.participants, to.participants);
}
