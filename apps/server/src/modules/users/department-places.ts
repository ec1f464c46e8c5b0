/**
 * Every active member's department place outside any session (`bidPriority`, "#N in queue", the
 * member lists and exports, the seniority page), by the department's seniority rule or, with none
 * set, today's order. The member cache, the lists and the seniority page all load it here, so a
 * place shown anywhere is the place shown everywhere.
 */
import { computeDepartmentPlaces, type SeniorityRule } from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { readSeniorityRule } from '../seniority-rule/seniority-rule.repository.ts';
import { listActiveMemberRankings } from './users.repository.ts';

export type RankedMember = Awaited<ReturnType<typeof listActiveMemberRankings>>[number];

export interface DepartmentPlaces {
  /** The rule the places follow; null: today's order. */
  rule: SeniorityRule | null;
  /** The active members the places were computed from. */
  members: RankedMember[];
  /** 1-based place by member id; only active members have one. */
  places: Map<string, number>;
}

/** Reads the rule and the active members with the executor given: inside a transaction, its changes count. */
export async function loadDepartmentPlaces(executor: Executor): Promise<DepartmentPlaces> {
  const { rule } = await readSeniorityRule(executor);
  const members = await listActiveMemberRankings(executor);
  return { rule, members, places: computeDepartmentPlaces(members, rule) };
}
