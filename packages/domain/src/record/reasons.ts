/**
 * "Why this seat" (issue 16): one sentence or two per participant saying why their session ended
 * as it did, e.g. "Your first choice (Station 3, A, Captain) was taken by Morgan Hale, bid 2 of
 * 40, at 09:14 CST. Your second choice (Station 1, B, Captain) was free, and you bid it at 09:31
 * CST."
 *
 * Built from the session's record alone: the settings it started with (who held which seat, ranks,
 * the eligibility mode) and the chained history with the command on each step's first entry (the
 * ranked list a bid or an expired turn was made with). The server writes each reason into the
 * results and the record, and the verifier builds them again from the record's history and
 * requires the same text, so a reason can be checked like an award.
 *
 * Pure and deterministic: the only input besides the record is the department's time zone, which
 * the record names, and times are written with Intl in "en-US" (24-hour clock, zone abbreviation).
 */
import { certificationName, joinWords, missingCertifications } from '../bid-engine/qualification.ts';
import { isEligibleForSeat } from '../bid-engine/seat-availability.ts';
import type {
  EligibilityMode,
  EngineParticipant,
  ParticipantPreferences,
  SeatChoice,
  SeatRef,
  TieBreakLink,
} from '../bid-engine/types.ts';
import type { Rank, SeatPosition, Shift } from '../constants.ts';
import {
  buildSeniorityComparator,
  effectiveSeniorityRule,
  explainSeniorityPlace,
  type SeniorityCandidate,
  type SeniorityRule,
} from '../seniority-rule.ts';
import type { RecordCommand, RecordEntryFacts, RecordSettings } from './chain.ts';

/** A seat as an entry names it; entries from before the chain lack the ids. */
export interface ReasonSeat {
  seatId?: string | null;
  stationId?: string | null;
  stationNumber: number;
  stationName: string;
  shift: Shift;
  seatPosition: SeatPosition;
}

/** One history entry as the reasons read it: a chained entry, or one written before the chain began. */
export interface ReasonEntry extends Omit<RecordEntryFacts, 'seat'> {
  seat: ReasonSeat | null;
  /** The entry's place in the chain; absent for an unchained entry. */
  sequence?: number | null;
  /** The step's command, on the first entry of each chained step. */
  command?: RecordCommand | null;
}

export interface ResultReason {
  participantId: string;
  text: string;
  /** The chained entry that decided the outcome (null for an unchained one): where a verifier points. */
  sequence: number | null;
}

/**
 * The reasons' wording: 1 said who took a choice and when; 2 also says why they came first (their
 * seniority against yours). A record names the wording it was written in, so a record downloaded
 * before an upgrade still verifies.
 */
export type ReasonWording = 1 | 2;
export const CURRENT_REASON_WORDING: ReasonWording = 2;

export interface ResultReasonsInput {
  /** The settings the session started with; null for a session started before the chain existed. */
  settings: RecordSettings | null;
  /** The wording to write in; the current one when not given. */
  wording?: ReasonWording;
  /** Every entry of the session in order: the unchained ones first, then the chained ones. */
  history: readonly ReasonEntry[];
  /** IANA time zone of the department, e.g. "America/Chicago". */
  timeZone: string;
}

/** Thrown for a time zone Intl does not know. */
export class UnknownTimeZoneError extends Error {
  constructor(readonly timeZone: string) {
    super(`"${timeZone}" is not a time zone this system knows (an IANA name such as America/Chicago is expected)`);
    this.name = 'UnknownTimeZoneError';
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "first" for 1; "choice 11" style beyond tenth reads "11th". */
export function ordinalWord(place: number): string {
  return ORDINALS[place - 1] ?? `${place}th`;
}

/** "Station 3, A, Captain": how reasons name a seat. */
export function reasonSeatText(seat: { stationNumber: number; shift: string; seatPosition: string }): string {
  return `Station ${seat.stationNumber}, ${seat.shift}, ${seat.seatPosition}`;
}

const capitalize = (text: string) => (text ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text);

/**
 * Times as "09:14 CST" in the department's zone; a time on another local day than the session's
 * start is written with its day, "Tue, Mar 4, 09:14 CST".
 */
function timeWriter(timeZone: string, sessionStart: string | undefined): (iso: string) => string {
  let clock: Intl.DateTimeFormat;
  let day: Intl.DateTimeFormat;
  try {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  } catch {
    throw new UnknownTimeZoneError(timeZone);
  }
  const dayOf = (date: Date) => day.format(date);
  const startDay = sessionStart ? dayOf(new Date(sessionStart)) : undefined;
  return (iso) => {
    const date = new Date(iso);
    const parts = clock.formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
    const time = `${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
    const thisDay = dayOf(date);
    return thisDay === startDay ? time : `${thisDay}, ${time}`;
  };
}

interface Taker {
  participantId: string;
  name: string;
  bidPriority: number | null;
  at: string;
  /** Order of taking, to find the last seat of a kind that was taken. */
  order: number;
}

interface TrackedSeat {
  seatId: string;
  requires?: readonly string[];
  stationId: string;
  shift: Shift;
  seatPosition: SeatPosition;
  holderMemberId: string | null;
  takenBy: Taker | null;
}

interface TrackedParticipant {
  participantId: string;
  name: string;
  memberId: string | null;
  rank: Rank;
  currentSeat: SeatRef | null;
}

/**
 * Who holds which seat of the session as the history goes, the way the engine changes it: the
 * start may release the participants' seats, an award takes a seat and releases the one held
 * before, and a member deleted during the session no longer holds one.
 */
class SeatTracker {
  private readonly seats = new Map<string, TrackedSeat>();
  private readonly seatsByKind = new Map<string, TrackedSeat[]>();
  private readonly participants = new Map<string, TrackedParticipant>();
  private readonly namesByMember = new Map<string, string>();
  private readonly stationNumbers = new Map<string, number>();
  private takings = 0;
  readonly eligibilityMode: EligibilityMode;
  readonly participantCount: number;
  /** Each participant's seniority keys and place at the start, to say why a taker came first (wording 2). */
  private readonly seniorityOf = new Map<string, EngineParticipant>();
  private readonly rule: SeniorityRule;
  private readonly randomSeed: string | null;
  private readonly session: RecordSettings['state']['session'];
  private comparator: ((a: SeniorityCandidate, b: SeniorityCandidate) => number) | undefined;

  constructor(
    settings: RecordSettings,
    readonly wording: ReasonWording,
  ) {
    this.eligibilityMode = settings.state.session.eligibilityMode;
    this.participantCount = settings.state.participants.length;
    this.rule = effectiveSeniorityRule(settings.seniorityRule, settings.tieBreakChain as TieBreakLink[]);
    this.randomSeed = settings.randomSeed;
    this.session = settings.state.session;
    for (const participant of settings.state.participants) this.seniorityOf.set(participant.participantId, participant);
    for (const seat of settings.state.seats) {
      const tracked: TrackedSeat = {
        seatId: seat.seatId,
        ...(seat.requires ? { requires: seat.requires } : {}),
        stationId: seat.stationId,
        shift: seat.shift,
        seatPosition: seat.seatPosition,
        holderMemberId: seat.holderMemberId,
        takenBy: null,
      };
      this.seats.set(seat.seatId, tracked);
      const key = kindKey(seat);
      const kind = this.seatsByKind.get(key);
      if (kind) kind.push(tracked);
      else this.seatsByKind.set(key, [tracked]);
      this.stationNumbers.set(seat.stationId, seat.stationNumber);
    }
    for (const participant of settings.state.participants) {
      this.participants.set(participant.participantId, {
        participantId: participant.participantId,
        name: participant.name,
        memberId: participant.memberId,
        rank: participant.rank,
        currentSeat: participant.currentSeat,
      });
      if (participant.memberId) this.namesByMember.set(participant.memberId, participant.name);
    }
  }

  participant(participantId: string | null): TrackedParticipant | undefined {
    return participantId === null ? undefined : this.participants.get(participantId);
  }

  /** The start with "clear assignments": every participant's seat in the session is released. */
  clearAssignments(): void {
    for (const participant of this.participants.values()) {
      if (participant.currentSeat) this.release(participant.currentSeat.seatId, participant.memberId);
      participant.currentSeat = null;
    }
  }

  memberDeleted(participantId: string | null): void {
    const participant = this.participant(participantId);
    if (!participant || participant.memberId === null) return;
    for (const seat of this.seats.values()) {
      if (seat.holderMemberId === participant.memberId) seat.holderMemberId = null;
    }
    participant.memberId = null;
    participant.currentSeat = null;
  }

  award(participantId: string | null, seat: ReasonSeat, at: string, bidPriority: number | null): void {
    const participant = this.participant(participantId);
    if (!participant || !seat.seatId) return;
    const previous = participant.currentSeat;
    if (previous && previous.seatId !== seat.seatId) this.release(previous.seatId, participant.memberId);
    const tracked = this.seats.get(seat.seatId);
    if (tracked && tracked.holderMemberId !== participant.memberId) {
      tracked.holderMemberId = participant.memberId;
      this.takings += 1;
      tracked.takenBy = {
        participantId: participant.participantId,
        name: participant.name,
        bidPriority,
        at,
        order: this.takings,
      };
    }
    if (seat.stationId) {
      participant.currentSeat = {
        seatId: seat.seatId,
        stationId: seat.stationId,
        stationNumber: seat.stationNumber,
        stationName: seat.stationName,
        shift: seat.shift,
        seatPosition: seat.seatPosition,
      };
    }
  }

  /** A rewind undid the participant's award: the seat is free again, and they hold what they held at the start. */
  undoAward(participantId: string | null, awarded: ReasonSeat, returnedTo: SeatRef | null): void {
    const participant = this.participant(participantId);
    if (!participant) return;
    if (awarded.seatId && awarded.seatId !== returnedTo?.seatId) this.release(awarded.seatId, participant.memberId);
    const back = returnedTo ? this.seats.get(returnedTo.seatId) : undefined;
    if (back) {
      back.holderMemberId = participant.memberId;
      back.takenBy = null;
    }
    participant.currentSeat = returnedTo;
  }

  /** How a ranked choice stood for this participant at this moment, as a clause: "was taken by …". */
  /**
   * `byList`: the engine took the seat from the ranked list, so a free choice before it that the
   * member was qualified for was passed over by the one rule left, must-fill staffing.
   */
  describeChoice(
    participant: TrackedParticipant,
    choice: SeatChoice,
    writeTime: (iso: string) => string,
    byList = false,
  ): string {
    const kind = this.seatsByKind.get(kindKey(choice)) ?? [];
    if (kind.length === 0) return 'was not offered in this session';
    if (!isEligibleForSeat(participant.rank, choice.seatPosition, this.eligibilityMode)) {
      return `was not open to your rank (${participant.rank})`;
    }
    const held = participant.currentSeat;
    const free = kind.filter((seat) => seat.holderMemberId === null || (held !== null && seat.seatId === held.seatId));
    if (free.length > 0) {
      const unqualified = this.unqualifiedFor(participant, free);
      if (unqualified) return unqualified;
      return byList && this.wording >= 2
        ? 'was free, but you were needed for a must-fill seat: too few members left to bid could fill those seats'
        : 'was still free';
    }
    const taken = kind.reduce<Taker | null>(
      (last, seat) => (seat.takenBy && (!last || seat.takenBy.order > last.order) ? seat.takenBy : last),
      null,
    );
    if (taken) {
      const priority = taken.bidPriority === null ? '' : `, bid ${taken.bidPriority} of ${this.participantCount}`;
      return `was taken by ${taken.name}${priority}${this.whySenior(taken, participant)}, at ${writeTime(taken.at)}`;
    }
    const holders = kind.flatMap((seat) => {
      const name = seat.holderMemberId ? this.namesByMember.get(seat.holderMemberId) : undefined;
      return name ? [name] : [];
    });
    return holders.length > 0
      ? `was held since before the session by ${holders.join(' and ')}`
      : 'was held since before the session by members outside this bid';
  }

  /**
   * Wording 2: why the taker came before the member, when they are senior by the session's rule:
   * ", who is senior to you (earlier promotion: 2011-05-02; yours: 2014-03-02)". Nothing when the
   * taker bid later in the order (the member had been moved to the back, which the reason says).
   */
  private whySenior(taken: Taker, participant: TrackedParticipant): string {
    if (this.wording < 2) return '';
    const taker = this.seniorityOf.get(taken.participantId);
    const you = this.seniorityOf.get(participant.participantId);
    if (!taker || !you || taker.bidPriority >= you.bidPriority) return '';
    const asCandidate = (entry: EngineParticipant) => ({ ...entry, memberId: entry.memberId ?? entry.participantId });
    // An order set by hand can disagree with the rule: then the rule is not why they came first.
    if (this.isSenior(asCandidate(taker), asCandidate(you)) === false) return '';
    const why = explainSeniorityPlace(asCandidate(taker), asCandidate(you), this.rule, this.randomSeed);
    const yours = why.behindValue === undefined ? '' : `; yours: ${why.behindValue}`;
    return `, who is senior to you (${why.text}${yours})`;
  }

  private isSenior(ahead: SeniorityCandidate, behind: SeniorityCandidate): boolean {
    this.comparator ??= buildSeniorityComparator(this.rule, this.randomSeed);
    return this.comparator(ahead, behind) < 0;
  }

  /**
   * Wording 2: a free choice the member could not take for a certification they lacked on the
   * session's day: "was free but needs Paramedic: you did not hold it on 2026-12-01". Undefined when
   * one of the free seats was open to them.
   */
  private unqualifiedFor(participant: TrackedParticipant, free: readonly TrackedSeat[]): string | undefined {
    const you = this.seniorityOf.get(participant.participantId);
    const date = this.session.effectiveDate;
    if (this.wording < 2 || !you || !date) return undefined;
    const lacking = free.map((seat) => missingCertifications(you, seat, date));
    if (lacking.some((missing) => missing.length === 0)) return undefined;
    const missing = lacking[0] ?? [];
    const name = (code: string) => certificationName(this.session, code);
    const details = missing.map((entry) =>
      entry.expiredOn === null
        ? `you did not hold ${missing.length === 1 ? 'it' : name(entry.code)} on ${date}`
        : `your ${name(entry.code)} card expired on ${entry.expiredOn}`,
    );
    return `was free but needs ${joinWords(missing.map((entry) => name(entry.code)))}: ${details.join(', and ')}`;
  }

  choiceText(choice: SeatChoice): string {
    const number = this.stationNumbers.get(choice.stationId);
    return number === undefined
      ? `a station not in this session, ${choice.shift}, ${choice.seatPosition}`
      : reasonSeatText({ stationNumber: number, shift: choice.shift, seatPosition: choice.seatPosition });
  }

  private release(seatId: string, memberId: string | null): void {
    const seat = this.seats.get(seatId);
    if (seat && memberId !== null && seat.holderMemberId === memberId) seat.holderMemberId = null;
  }
}

const kindKey = (seat: { stationId: string; shift: string; seatPosition: string }) =>
  `${seat.stationId}|${seat.shift}|${seat.seatPosition}`;

/** What the story of one participant holds until their outcome. */
interface Story {
  /** Wording 2: "A rewind at 14:03 UTC undid your turn (Station 1, A, Firefighter): <reason>", without a full stop. */
  rewound: string | null;
  /** "Moved to the back at 10:02 (turn expired, no ranked list)", without a full stop. */
  movedToBack: string | null;
  reason: ResultReason | null;
}

/** Why a turn that expired sent its holder to the back instead of taking a seat from their ranked list. */
function expiredWithoutSeat(preferences: ParticipantPreferences | null | undefined): string {
  if (!preferences || preferences.choices.length === 0) return 'turn expired, no ranked list';
  if (!preferences.autoBid) return 'turn expired, ranked list not set to bid for you';
  return 'turn expired, no choice on your ranked list was free and open to you';
}

/** The entries of each engine step: a chained step begins at the entry with the command; unchained entries stand alone. */
function splitSteps(history: readonly ReasonEntry[]): ReasonEntry[][] {
  const steps: ReasonEntry[][] = [];
  for (const entry of history) {
    const current = steps.at(-1);
    if (!entry.command && current?.[0]?.command) current.push(entry);
    else steps.push([entry]);
  }
  return steps;
}

/**
 * Every participant's reason, by participant id, for those whose session has ended (an outcome is
 * in the history); none for those still waiting or holding the turn. Throws UnknownTimeZoneError
 * for a time zone Intl does not know.
 */
export function buildResultReasons(input: ResultReasonsInput): Map<string, ResultReason> {
  const start = input.history.find((entry) => entry.action === 'session_started');
  const writeTime = timeWriter(input.timeZone, start?.at ?? input.history[0]?.at);
  const tracker = input.settings ? new SeatTracker(input.settings, input.wording ?? CURRENT_REASON_WORDING) : null;
  const stories = new Map<string, Story>();
  const storyOf = (participantId: string): Story => {
    let story = stories.get(participantId);
    if (!story) {
      story = { rewound: null, movedToBack: null, reason: null };
      stories.set(participantId, story);
    }
    return story;
  };
  const wording = input.wording ?? CURRENT_REASON_WORDING;
  /** The reason of the latest rewind, for the members whose turns it undid. */
  let rewindReason: string | null = null;
  const decide = (entry: ReasonEntry, story: Story, text: string, joinWithSemicolon = false) => {
    if (!entry.participantId) return;
    const outcome = story.movedToBack
      ? joinWithSemicolon
        ? `${story.movedToBack}; ${text}`
        : `${story.movedToBack}. ${capitalize(text)}`
      : capitalize(text);
    const full = story.rewound ? `${story.rewound}. ${outcome}` : outcome;
    story.reason = {
      participantId: entry.participantId,
      text: /[.!?]$/.test(full) ? full : `${full}.`,
      sequence: entry.sequence ?? null,
    };
  };

  for (const step of splitSteps(input.history)) {
    const command = step[0]?.command ?? null;
    // The engine passes over a deleted member's turn with their seat already gone (replay.ts does the same).
    for (const entry of step) {
      if (entry.action === 'turn_skipped' && entry.details.reason === 'member deleted') {
        tracker?.memberDeleted(entry.participantId);
      }
    }
    for (const [index, entry] of step.entries()) {
      const stepCommand = index === 0 ? command : null;
      const story = entry.participantId ? storyOf(entry.participantId) : null;
      const participant = tracker?.participant(entry.participantId);
      const time = writeTime(entry.at);
      const endedEarly = (participantId: string, waiting: Story) => {
        const held = tracker?.participant(participantId)?.currentSeat;
        const keeps = held ? `; you keep the seat you held (${reasonSeatText(held)})` : '';
        decide(
          { ...entry, participantId },
          waiting,
          `the session was ended early by ${entry.actorName} at ${time} before your turn was done: not assigned${keeps}`,
        );
      };
      switch (entry.action) {
        case 'session_started':
          if (entry.details.clearAssignments === true) tracker?.clearAssignments();
          break;
        case 'moved_to_back':
          if (!story) break;
          story.movedToBack =
            entry.details.reason === 'time expired'
              ? `Moved to the back at ${time} (${expiredWithoutSeat(stepCommand?.holderPreferences)})`
              : `Moved to the back by ${entry.actorName} at ${time}`;
          break;
        case 'bid_submitted': {
          if (!story || !entry.seat) break;
          const seat = reasonSeatText(entry.seat);
          if (entry.details.source === 'standing_bid' && wording >= 2) {
            const place =
              typeof entry.details.choice === 'number' ? `, your ${ordinalWord(entry.details.choice)} choice` : '';
            decide(entry, story, `your standing bid took ${seat}${place}, as your turn began at ${time}`);
            break;
          }
          const isProxy = entry.details.proxy === true;
          const preferences =
            stepCommand?.type === 'bid' && stepCommand.participantId === entry.participantId
              ? stepCommand.holderPreferences
              : null;
          const sentences: string[] = [];
          let matched = 0;
          if (tracker && participant && preferences && preferences.choices.length > 0) {
            const place = preferences.choices.findIndex((choice) => isSameKind(choice, entry.seat));
            matched = place + 1;
            const before = place === -1 ? preferences.choices : preferences.choices.slice(0, place);
            before.forEach((choice, choiceIndex) => {
              sentences.push(
                `Your ${ordinalWord(choiceIndex + 1)} choice (${tracker.choiceText(choice)}) ${tracker.describeChoice(participant, choice, writeTime)}.`,
              );
            });
          }
          const who = isProxy ? `${entry.actorName} bid it for you by phone` : 'you bid it';
          if (matched > 0) {
            sentences.push(`Your ${ordinalWord(matched)} choice (${seat}) was free, and ${who} at ${time}.`);
          } else {
            const bid = isProxy
              ? `Phone-in bid: ${entry.actorName} bid ${seat} for you at ${time}`
              : `You bid ${seat} at ${time}`;
            sentences.push(sentences.length > 0 ? `${bid}; it was not on your ranked list.` : `${bid}.`);
          }
          decide(entry, story, sentences.join(' '));
          break;
        }
        case 'auto_assigned': {
          if (!story) break;
          const source = entry.details.source;
          if (!entry.seat) {
            decide(entry, story, `your second chance expired at ${time} with no free seat open to you left`, true);
            break;
          }
          const seat = reasonSeatText(entry.seat);
          if (source === 'auto_bid') {
            const choiceNumber = typeof entry.details.choice === 'number' ? entry.details.choice : 1;
            const sentences = [`${story.movedToBack ? 'Your second chance' : 'Your turn'} expired at ${time}.`];
            const preferences = stepCommand?.type === 'expire' ? stepCommand.holderPreferences : null;
            if (tracker && participant && preferences) {
              preferences.choices.slice(0, choiceNumber - 1).forEach((choice, choiceIndex) => {
                sentences.push(
                  `Your ${ordinalWord(choiceIndex + 1)} choice (${tracker.choiceText(choice)}) ${tracker.describeChoice(participant, choice, writeTime, true)}.`,
                );
              });
            }
            sentences.push(
              choiceNumber > 1
                ? `Your ranked list gave ${seat}, your ${ordinalWord(choiceNumber)} choice.`
                : `Your ranked list gave ${seat}.`,
            );
            decide(entry, story, sentences.join(' '));
          } else if (source === 'kept_current_seat') {
            decide(
              entry,
              story,
              `your second chance expired at ${time} and you kept the seat you held (${seat})`,
              true,
            );
          } else if (source === 'preferences') {
            decide(
              entry,
              story,
              `auto-assigned at ${time} to the first free eligible seat matching your preferred stations and shifts (${seat})`,
              true,
            );
          } else {
            decide(entry, story, `auto-assigned at ${time} to the first free eligible seat (${seat})`, true);
          }
          break;
        }
        case 'session_rewound':
          rewindReason = typeof entry.details.reason === 'string' ? entry.details.reason : null;
          break;
        case 'turn_undone':
          // A rewind undid this turn: the participant's story starts again (their second chance stays if kept).
          if (!story) break;
          story.reason = null;
          if (wording >= 2) {
            const undone = entry.seat ? ` (${reasonSeatText(entry.seat)})` : '';
            story.rewound = `A rewind at ${time} undid your turn${undone}${rewindReason ? `: ${rewindReason}` : ''}`;
          }
          if (entry.details.secondChanceKept !== true) story.movedToBack = null;
          if (entry.seat && 'returnedTo' in entry.details) {
            tracker?.undoAward(entry.participantId, entry.seat, (entry.details.returnedTo ?? null) as SeatRef | null);
          }
          break;
        case 'turn_skipped':
          if (!story) break;
          if (entry.details.reason === 'member deleted') {
            decide(entry, story, `the member was deleted during the session; their turn was passed over at ${time}`);
          } else {
            const held = participant?.currentSeat;
            const kept =
              entry.details.keptCurrentSeat === false
                ? ', holding no seat'
                : held
                  ? ` and kept the seat you held (${reasonSeatText(held)})`
                  : ' and kept the seat you held';
            decide(entry, story, `you skipped your turn at ${time}${kept}`);
          }
          break;
        case 'session_completed':
          if (entry.details.endedEarly !== true) break;
          for (const [participantId, waiting] of stories) {
            if (waiting.reason) continue;
            endedEarly(participantId, waiting);
          }
          for (const candidate of input.settings?.state.participants ?? []) {
            if (!stories.has(candidate.participantId))
              endedEarly(candidate.participantId, storyOf(candidate.participantId));
          }
          break;
        default:
          break;
      }
      if ((entry.action === 'bid_submitted' || entry.action === 'auto_assigned') && entry.seat) {
        tracker?.award(entry.participantId, entry.seat, entry.at, entry.bidPriority);
      }
    }
  }

  const reasons = new Map<string, ResultReason>();
  for (const story of stories.values()) {
    if (story.reason) reasons.set(story.reason.participantId, story.reason);
  }
  return reasons;
}

function isSameKind(choice: SeatChoice, seat: ReasonSeat | null): boolean {
  return (
    seat !== null &&
    seat.stationId === choice.stationId &&
    seat.shift === choice.shift &&
    seat.seatPosition === choice.seatPosition
  );
}
