/** Saves the department's seniority rule (PUT /api/admin/seniority-rule, administrators). */
import { type SeniorityRuleUpdate, seniorityRuleResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { onSeniorityRuleSaved } from './seniority-rule-queries.ts';

export function useSaveSeniorityRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: SeniorityRuleUpdate) =>
      apiRequest('/admin/seniority-rule', { method: 'PUT', body: rule, schema: seniorityRuleResponseSchema }),
    onSuccess: (answer) => {
      void onSeniorityRuleSaved(queryClient, answer);
      showSuccess('Seniority rule saved. Sessions started from now on use it.');
    },
    onError: (error) => showError(error, 'Failed to save the seniority rule'),
  });
}
