/**
 * The department's seniority rule: its key, factory and what a save refreshes. The administrators'
 * seniority screens read it (the rule editor, and each member's place in the seniority tab).
 */
import type { SeniorityRuleResponse } from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getSeniorityRule } from './get-seniority-rule.ts';

export const seniorityRuleQueryKeys = { current: ['admin', 'seniority-rule'] as const };

export const seniorityRuleQueries = {
  current: () =>
    queryOptions({ queryKey: seniorityRuleQueryKeys.current, queryFn: ({ signal }) => getSeniorityRule(signal) }),
};

export function useSeniorityRuleQuery() {
  return useQuery(seniorityRuleQueries.current());
}

/** A saved rule replaces the cached one; the places shown are computed from it, so nothing else is read again. */
export function onSeniorityRuleSaved(queryClient: QueryClient, answer: SeniorityRuleResponse): Promise<void> {
  queryClient.setQueryData(seniorityRuleQueryKeys.current, answer);
  return Promise.resolve();
}
