/**
 * What a station edit does to its seat rows (pure, so it is tested without a database). A station's
 * seats are rows, one per place to work, each carrying the rules of its group (the certifications it
 * requires, whether it must be filled). An edit asks for groups with counts; the plan keeps every
 * held seat with its holder, gives free seats the rules of a group that is short before adding
 * rows, and removes only free seats. A group may not go below the seats its members hold.
 *
 * Plain counts (`seats`, `shiftCapacity`, or `availablePositions` without any rule) change counts
 * only: the seats that stay keep their rules, new seats have none, and fewer seats are taken from
 * the free seats without rules first, then from other groups (those that must be filled last).
 */
import {
  compareSeatGroups,
  hasSeatRule,
  occupiedSeatGroupMessage,
  occupiedSeatsMessage,
  SEAT_POSITIONS,
  type SeatCounts,
  type SeatPosition,
  type SeatRule,
  type SeatRules,
  SHIFTS,
  type Shift,
  seatGroupKey,
} from '@stationbid/domain';

/** A seat as it is now. */
export interface CurrentSeat {
  id: string;
  shift: string;
  seatPosition: string;
  ordinal: number;
  requires: string[];
  mustFill: boolean;
  holderId: string | null;
}

export interface SeatPlan {
  /** Free seats to delete. */
  remove: string[];
  /** Free seats that take another group's rules. */
  relabel: { seatIds: string[]; requires: string[]; mustFill: boolean }[];
  /** New seats. */
  add: { shift: Shift; seatPosition: SeatPosition; ordinal: number; requires: string[]; mustFill: boolean }[];
}

export type PlanResult<T> = { ok: true; value: T } | { ok: false; message: string };

interface CurrentGroup {
  requires: string[];
  mustFill: boolean;
  seats: CurrentSeat[];
  held: number;
}

function currentGroups(seats: CurrentSeat[], shift: Shift, position: SeatPosition): CurrentGroup[] {
  const groups = new Map<string, CurrentGroup>();
  for (const seat of seats) {
    if (seat.shift !== shift || seat.seatPosition !== position) continue;
    const key = seatGroupKey(seat);
    let group = groups.get(key);
    if (!group) {
      group = { requires: seat.requires, mustFill: seat.mustFill, seats: [], held: 0 };
      groups.set(key, group);
    }
    group.seats.push(seat);
    if (seat.holderId !== null) group.held += 1;
  }
  return [...groups.values()].sort(compareSeatGroups);
}

/**
 * The groups that plain counts ask for: each position's groups as they are, grown by a group
 * without rules or shrunk by free seats (without rules first, must-fill last).
 */
export function rulesForCounts(seats: CurrentSeat[], counts: SeatCounts): PlanResult<SeatRules> {
  const rules: SeatRules = { A: [], B: [], C: [] };
  for (const shift of SHIFTS) {
    for (const position of SEAT_POSITIONS) {
      const groups = currentGroups(seats, shift, position).map((group) => ({
        position,
        count: group.seats.length,
        requires: group.requires,
        mustFill: group.mustFill,
        held: group.held,
      }));
      const wanted = counts[shift][position];
      const have = groups.reduce((sum, group) => sum + group.count, 0);
      if (wanted > have) {
        const plain = groups.find((group) => !hasSeatRule(group));
        if (plain) plain.count += wanted - have;
        else groups.unshift({ position, count: wanted - have, requires: [], mustFill: false, held: 0 });
      } else if (wanted < have) {
        const held = groups.reduce((sum, group) => sum + group.held, 0);
        if (have - held < have - wanted) {
          return { ok: false, message: occupiedSeatsMessage(shift, position, wanted, held) };
        }
        let toRemove = have - wanted;
        const removalOrder = [...groups].sort((a, b) => Number(a.mustFill) - Number(b.mustFill));
        for (const group of removalOrder) {
          const taken = Math.min(toRemove, group.count - group.held);
          group.count -= taken;
          toRemove -= taken;
        }
      }
      for (const { held: _held, ...rule } of groups) if (rule.count > 0) rules[shift].push(rule);
    }
  }
  return { ok: true, value: rules };
}

/** The rows to remove, relabel and add so that the station has exactly the groups of `rules`. */
export function planSeats(seats: CurrentSeat[], rules: SeatRules): PlanResult<SeatPlan> {
  const plan: SeatPlan = { remove: [], relabel: [], add: [] };
  for (const shift of SHIFTS) {
    for (const position of SEAT_POSITIONS) {
      const groups = currentGroups(seats, shift, position);
      const wanted: SeatRule[] = rules[shift].filter((rule) => rule.position === position);
      const anyRule = groups.some(hasSeatRule) || wanted.some(hasSeatRule);
      const kept: CurrentSeat[] = [];
      const spare: CurrentSeat[] = [];
      const short: { rule: SeatRule; missing: number }[] = [];
      for (const group of groups) {
        const rule = wanted.find((candidate) => seatGroupKey(candidate) === seatGroupKey(group));
        const count = rule?.count ?? 0;
        if (group.held > count) {
          const message = anyRule
            ? occupiedSeatGroupMessage(shift, position, group, count, group.held)
            : occupiedSeatsMessage(shift, position, count, group.held);
          return { ok: false, message };
        }
        // Held seats first, then the lowest numbers: the highest free numbers go.
        const ordered = [...group.seats].sort(
          (a, b) => Number(a.holderId === null) - Number(b.holderId === null) || a.ordinal - b.ordinal,
        );
        kept.push(...ordered.slice(0, count));
        spare.push(...ordered.slice(count));
      }
      for (const rule of wanted) {
        const have = groups.find((group) => seatGroupKey(group) === seatGroupKey(rule))?.seats.length ?? 0;
        if (rule.count > have) short.push({ rule, missing: rule.count - have });
      }
      spare.sort((a, b) => a.ordinal - b.ordinal);
      const usedOrdinals = new Set(kept.map((seat) => seat.ordinal));
      for (const { rule, missing } of short) {
        const reused = spare.splice(0, missing);
        if (reused.length > 0) {
          plan.relabel.push({
            seatIds: reused.map((seat) => seat.id),
            requires: rule.requires,
            mustFill: rule.mustFill,
          });
          for (const seat of reused) usedOrdinals.add(seat.ordinal);
        }
        // New seats take the lowest free numbers, filling gaps left by removed seats.
        let stillMissing = missing - reused.length;
        for (let ordinal = 1; stillMissing > 0; ordinal++) {
          if (usedOrdinals.has(ordinal)) continue;
          usedOrdinals.add(ordinal);
          plan.add.push({ shift, seatPosition: position, ordinal, requires: rule.requires, mustFill: rule.mustFill });
          stillMissing -= 1;
        }
      }
      plan.remove.push(...spare.map((seat) => seat.id));
    }
  }
  return { ok: true, value: plan };
}
