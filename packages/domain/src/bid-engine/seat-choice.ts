/**
 * Which seat a choice gives a participant, under every rule at once: the seat must be of the kind
 * asked for, free (or the one they hold), one they are qualified for, and one whose taking leaves
 * the must-fill seats as fillable as before. A bid, a phone-in, a standing bid, the auto-bid list
 * and the last-resort auto-assignment all pick through here.
 */
import type { ErrorCode } from '../errors.ts';
import { BID_MESSAGES } from './messages.ts';
import {
  type BidSubject,
  effectiveDateOf,
  isQualifiedForSeat,
  missingCertificationMessage,
  missingCertifications,
  YOU,
} from './qualification.ts';
import { isEligibleForSeat, isSeatOfChoice, seatIndexOf, seatsOfChoice } from './seat-availability.ts';
import { checkStaffing, mustFillSeatIndexes, type StaffingPool, staffingPool } from './staffing.ts';
import type { EngineParticipant, EngineSeat, EngineState, SeatChoice } from './types.ts';

type SeatRefusal = { ok: false; code: ErrorCode; message: string };
export type SeatPick = { ok: true; seat: EngineSeat } | SeatRefusal;

/**
 * The rules' view of one participant's turn in one state: qualification on the session's effective
 * date and the staffing pool, built once and asked about many seats.
 */
export class TurnRules {
  readonly date: string;
  private pool: StaffingPool | undefined | null = null;
  private held: EngineSeat | undefined | null = null;
  /** Whether the participant could fill a free must-fill seat; null until asked. */
  private isNeededCandidate: boolean | null = null;
  private readonly staffingByClass = new Map<string, ReturnType<typeof checkStaffing>>();

  constructor(
    readonly state: EngineState,
    readonly participant: EngineParticipant,
    now: number,
    /** Whom refusals speak of: the bidder ("you"), or the member by name for an administrator. */
    private readonly subject: BidSubject = YOU,
  ) {
    this.date = effectiveDateOf(state.session, now);
  }

  isQualified(seat: EngineSeat): boolean {
    return isQualifiedForSeat(this.state.session, this.participant, seat, this.date);
  }

  /** Whether ending the turn holding `seat` (null: holding no seat of the session) keeps staffing fillable. */
  staffing(seat: EngineSeat | null): ReturnType<typeof checkStaffing> {
    if (this.cannotMatterToStaffing(seat)) return { ok: true };
    if (this.pool === null) this.pool = staffingPool(this.state, this.date);
    if (!this.pool) return { ok: true };
    const held = this.heldSeat() ?? null;
    // The answer depends only on the seat's class (not must-fill, or its position and certifications)
    // and on whether it is the seat already held.
    const key =
      seat !== null && seat.seatId === held?.seatId
        ? 'kept'
        : seat?.mustFill === true
          ? `${seat.seatPosition}|${[...(seat.requires ?? [])].sort().join(',')}`
          : '';
    let result = this.staffingByClass.get(key);
    if (!result) {
      result = checkStaffing(
        this.pool,
        this.participant,
        held,
        seat?.mustFill === true || key === 'kept' ? seat : null,
        this.subject,
      );
      this.staffingByClass.set(key, result);
    }
    return result;
  }

  /**
   * True when ending the turn holding `seat` cannot change the matching, so the pool need not be
   * built (most bids of a large session): the participant fills no must-fill seat now, the seat is
   * not one, and they are qualified for no free must-fill seat, so no matching uses them.
   */
  private cannotMatterToStaffing(seat: EngineSeat | null): boolean {
    if (seat?.mustFill === true || this.heldSeat()?.mustFill === true) return false;
    if (this.isNeededCandidate === null) {
      const { seats } = this.state;
      const mustFill = mustFillSeatIndexes(seats);
      // Most members hold no certification, and must-fill seats usually require one: no seat to check.
      const holdsNone = (this.participant.certifications ?? []).length === 0;
      this.isNeededCandidate =
        !(holdsNone && mustFill.everyRequiresCertification) &&
        mustFill.some((index) => {
          const candidate = seats[index] as EngineSeat;
          return candidate.holderMemberId === null && this.isQualified(candidate);
        });
    }
    return !this.isNeededCandidate;
  }

  /** Whether the participant may end their turn holding this seat: qualified, and staffing holds. */
  allows(seat: EngineSeat): boolean {
    return this.isQualified(seat) && this.staffing(seat).ok;
  }

  /** The offered seat the participant holds now, or undefined when they hold none of the session's. */
  heldSeat(): EngineSeat | undefined {
    if (this.held === null) {
      const current = this.participant.currentSeat;
      const index = current ? seatIndexOf(this.state.seats, current.seatId) : undefined;
      this.held = index === undefined ? undefined : this.state.seats[index];
    }
    return this.held;
  }

  /**
   * The seat a choice gives: the seat they hold when it is of that kind (asking for their own kind of
   * seat keeps it), else the free seats of that kind, lowest ordinal first; the first one the rules
   * allow. A refusal says why none is allowed: the certification missing for the first, or staffing.
   */
  pick(choice: SeatChoice): SeatPick {
    const held = this.heldSeat();
    const candidates: EngineSeat[] = [];
    // Keeping one's seat is a pass in a vacancy bid, not a move that would open nothing.
    if (held && isSeatOfChoice(held, choice) && !this.state.session.vacancy) candidates.push(held);
    candidates.push(...seatsOfChoice(this.state, choice).filter((seat) => seat.holderMemberId === null));
    if (candidates.length === 0) return { ok: false, code: 'CONFLICT', message: BID_MESSAGES.seatUnavailable };
    let refusal: SeatRefusal | undefined;
    for (const seat of candidates) {
      if (!this.isQualified(seat)) {
        refusal ??= {
          ok: false,
          code: 'FORBIDDEN',
          message: missingCertificationMessage(
            this.state.session,
            seat,
            missingCertifications(this.participant, seat, this.date),
            this.subject,
          ),
        };
        continue;
      }
      const staffing = this.staffing(seat);
      if (!staffing.ok) {
        // A staffing refusal says more than a certification one: the member could take this seat.
        if (!refusal || refusal.code === 'FORBIDDEN')
          refusal = { ok: false, code: 'CONFLICT', message: staffing.message };
        continue;
      }
      return { ok: true, seat };
    }
    return refusal as SeatRefusal;
  }

  /** The first choice of the ranked list the rules allow, with its 1-based place; undefined when none is. */
  pickFromList(choices: readonly SeatChoice[]): { seat: EngineSeat; place: number } | undefined {
    for (const [index, choice] of choices.entries()) {
      if (!isEligibleForSeat(this.participant.rank, choice.seatPosition, this.state.session.eligibilityMode)) continue;
      const pick = this.pick(choice);
      if (pick.ok) return { seat: pick.seat, place: index + 1 };
    }
    return undefined;
  }
}
