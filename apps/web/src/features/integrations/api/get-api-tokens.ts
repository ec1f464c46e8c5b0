import { type ApiToken, apiTokenListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every API token, newest first; never a secret (administrators only). */
export async function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  const { tokens } = await apiRequest('/admin/api-tokens', { schema: apiTokenListResponseSchema, signal });
  return tokens;
}
