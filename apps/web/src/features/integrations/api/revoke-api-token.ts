import { revokeApiTokenResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { invalidateApiTokens } from './api-token-queries.ts';

/** Revokes a token: its next call is refused. Answers the server's message. */
export async function revokeApiToken(id: string): Promise<string> {
  const { message } = await apiRequest(`/admin/api-tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: revokeApiTokenResponseSchema,
  });
  return message;
}

export function useRevokeApiToken({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: async (message) => {
      showSuccess(message);
      onSuccess?.();
      await invalidateApiTokens(queryClient);
    },
  });
}
