/**
 * Qualified seats (bidding-rules.md, "Certifications and qualified seats"): a member may take a seat
 * when their rank fits it (as the session's eligibility mode says) and they hold every certification
 * the seat requires, valid on the session's effective date. The refusal names what is missing.
 */
import type { SeatPosition } from '../constants.ts';
import { isEligibleForSeat } from './seat-availability.ts';
import type { EngineParticipant, EngineSeat, EngineSession, HeldCertification, SeatRef } from './types.ts';

/**
 * Whom a refusal speaks of: the member bidding themselves ("you"), or, to an administrator placing
 * a phone-in bid, the member by name ("Harper Quinn's Paramedic card").
 */
export interface BidSubject {
  name: string;
  possessive: string;
  doesNot: string;
  holds: string;
}

export const YOU: BidSubject = { name: 'you', possessive: 'your', doesNot: 'do not', holds: 'hold' };

export function bidSubjectNamed(name: string): BidSubject {
  return { name, possessive: `${name}'s`, doesNot: 'does not', holds: 'holds' };
}

/** The day certifications must be valid on: the session's effective date, else the UTC day of `now`. */
export function effectiveDateOf(session: Pick<EngineSession, 'effectiveDate'>, now: number): string {
  return session.effectiveDate ?? new Date(now).toISOString().slice(0, 10);
}

/** Whether a held certification is valid on `date` (YYYY-MM-DD; the expiry day itself still counts). */
export function isCertificationValid(held: HeldCertification, date: string): boolean {
  return held.expiresOn === null || held.expiresOn >= date;
}

/** The codes of the certifications a participant holds that are valid on `date`. */
export function validCertificationCodes(
  participant: Pick<EngineParticipant, 'certifications'>,
  date: string,
): Set<string> {
  const codes = new Set<string>();
  for (const held of participant.certifications ?? []) if (isCertificationValid(held, date)) codes.add(held.code);
  return codes;
}

/** A certification a seat requires that the participant lacks: never held, or expired on `expiredOn`. */
export interface MissingCertification {
  code: string;
  expiredOn: string | null;
}

/** What the participant lacks of the seat's required certifications on `date`; empty when they hold them all. */
export function missingCertifications(
  participant: Pick<EngineParticipant, 'certifications'>,
  seat: Pick<EngineSeat, 'requires'>,
  date: string,
): MissingCertification[] {
  const missing: MissingCertification[] = [];
  for (const code of seat.requires ?? []) {
    const held = participant.certifications?.find((certification) => certification.code === code);
    if (held && isCertificationValid(held, date)) continue;
    missing.push({ code, expiredOn: held?.expiresOn ?? null });
  }
  return missing;
}

/** Whether the participant may take the seat: rank (by the session's mode) and certifications. */
export function isQualifiedForSeat(
  session: Pick<EngineSession, 'eligibilityMode'>,
  participant: Pick<EngineParticipant, 'rank' | 'certifications'>,
  seat: Pick<EngineSeat, 'seatPosition' | 'requires'>,
  date: string,
): boolean {
  return (
    isEligibleForSeat(participant.rank, seat.seatPosition, session.eligibilityMode) &&
    missingCertifications(participant, seat, date).length === 0
  );
}

/** A certification's name for people ("Paramedic"), or its code when the session knows no name. */
export function certificationName(session: Pick<EngineSession, 'certificationNames'>, code: string): string {
  return session.certificationNames?.[code] ?? code;
}

/** "Paramedic", "Paramedic and Driver/Operator", "A, B and C". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "Station 7's B-shift Firefighter/PM seat" */
export function describeQualifiedSeat(
  seat: Pick<SeatRef, 'stationNumber' | 'shift' | 'seatPosition'> & Pick<EngineSeat, 'requires'>,
): string {
  const requires = seat.requires ?? [];
  const kind: string =
    requires.length > 0 ? `${seat.seatPosition}/${requires.join('/')}` : (seat.seatPosition as SeatPosition);
  return `Station ${seat.stationNumber}'s ${seat.shift}-shift ${kind} seat`;
}

/**
 * "Station 7's B-shift Firefighter/PM seat needs Paramedic; your Paramedic card expired on 2026-03-31."
 * "... needs Paramedic and Driver/Operator; you hold neither."
 */
export function missingCertificationMessage(
  session: Pick<EngineSession, 'certificationNames'>,
  seat: Pick<SeatRef, 'stationNumber' | 'shift' | 'seatPosition'> & Pick<EngineSeat, 'requires'>,
  missing: readonly MissingCertification[],
  subject: BidSubject = YOU,
): string {
  const needed = joinWords(missing.map((entry) => certificationName(session, entry.code)));
  const expired = missing.filter((entry) => entry.expiredOn !== null);
  const neverHeld = missing.filter((entry) => entry.expiredOn === null);
  const parts = expired.map(
    (entry) => `${subject.possessive} ${certificationName(session, entry.code)} card expired on ${entry.expiredOn}`,
  );
  if (neverHeld.length === 1 && missing.length === 1) parts.push(`${subject.name} ${subject.doesNot} hold it`);
  else if (neverHeld.length === missing.length) {
    parts.push(`${subject.name} ${subject.holds} ${missing.length === 2 ? 'neither' : 'none of them'}`);
  } else if (neverHeld.length > 0) {
    const names = joinWords(neverHeld.map((entry) => certificationName(session, entry.code)));
    parts.push(`${subject.name} ${subject.doesNot} hold ${names}`);
  }
  return `${describeQualifiedSeat(seat)} needs ${needed}; ${parts.join(', and ')}.`;
}
