/** The department's seniority rule (GET /api/admin/seniority-rule, administrators). */
import { type SeniorityRuleResponse, seniorityRuleResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSeniorityRule(signal?: AbortSignal): Promise<SeniorityRuleResponse> {
  return apiRequest('/admin/seniority-rule', { schema: seniorityRuleResponseSchema, signal });
}
