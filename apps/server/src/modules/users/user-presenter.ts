/**
 * Turns a member row into the User the API sends (userSchema, packages/domain/src/schemas/user.ts):
 * no password, both `id` and `_id`, the current station as a reference, and scores computed by the
 * domain package.
 */
import {
  computeSeniorityScore,
  type HeldCertification,
  type ProfessionalPosition,
  type Rank,
  type SeatPosition,
  type Shift,
  type User,
  type UserStatus,
} from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { findMemberCache } from '../auth/member-cache.ts';
import { loadDepartmentPlaces } from './department-places.ts';
import { readHeldCertifications } from './member-certifications.repository.ts';
import { findMemberWithSeatById, type MemberRow, type MemberWithSeat } from './users.repository.ts';

/** A member counts as online when seen within the last five minutes. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

export function getMemberStatus(member: Pick<MemberRow, 'isActive' | 'passwordHash'>): UserStatus {
  if (!member.isActive) return 'inactive';
  return member.passwordHash ? 'active' : 'pending';
}

export function presentUser(
  row: MemberWithSeat,
  bidPriority: number | null,
  now: Date,
  certifications: readonly HeldCertification[] = [],
): User {
  const { member } = row;
  return {
    id: member.id,
    _id: member.id,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    phone: member.phone,
    phoneNumber: member.phone,
    address: member.address,
    employeeId: member.employeeId,
    isAdmin: member.isAdmin,
    isActive: member.isActive,
    status: getMemberStatus(member),
    rank: member.rank as Rank,
    position: member.position as ProfessionalPosition,
    yearsOfService: member.yearsOfService,
    currentStation:
      row.stationId && row.stationName !== null && row.stationNumber !== null
        ? { _id: row.stationId, id: row.stationId, name: row.stationName, number: row.stationNumber }
        : null,
    currentShift: (row.seatShift as Shift | null) ?? null,
    currentSeatPosition: (row.seatPosition as SeatPosition | null) ?? null,
    seniorityScore: computeSeniorityScore(member),
    bidPriority,
    manualSeniorityScore: member.manualSeniorityScore,
    isOnline: member.lastSeenAt !== null && now.getTime() - member.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
    emergencyContact: {
      name: member.emergencyContactName ?? '',
      phone: member.emergencyContactPhone ?? '',
      relationship: member.emergencyContactRelationship ?? '',
    },
    hireDate: member.hireDate,
    rankDate: member.rankDate,
    listNumber: member.listNumber,
    certifications: certifications.map(({ code, expiresOn }) => ({ code, expiresOn })),
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
    createdAt: member.createdAt.toISOString(),
    updatedAt: member.updatedAt.toISOString(),
  };
}

/**
 * Each active member's bid priority: their department place, by the department's seniority rule
 * (department-places.ts). Reads every active member: for lists of members. For one member, use
 * `loadBidPriority`.
 */
export async function loadBidPriorities(executor: Executor): Promise<Map<string, number>> {
  return (await loadDepartmentPlaces(executor)).places;
}

/**
 * One member's bid priority, from the priorities the app keeps computed (cleared whenever a ranking
 * input or the seniority rule changes), so presenting one member does not read the whole
 * department. Inside a transaction, which may hold uncommitted changes, it is computed from that
 * transaction.
 */
export async function loadBidPriority(
  executor: Executor,
  member: { id: string; isActive: boolean },
): Promise<number | null> {
  const cache = findMemberCache(executor);
  if (cache) return cache.getBidPriority(member);
  if (!member.isActive) return null;
  return (await loadBidPriorities(executor)).get(member.id) ?? null;
}

/** The member as the API sends it, with their current bid priority; undefined when not found. */
export async function loadPresentedUser(executor: Executor, memberId: string, now: Date): Promise<User | undefined> {
  const row = await findMemberWithSeatById(executor, memberId);
  if (!row) return undefined;
  const held = await readHeldCertifications(executor, [memberId]);
  return presentUser(row, await loadBidPriority(executor, row.member), now, held.get(memberId));
}
