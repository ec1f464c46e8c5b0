/**
 * The rewind of a session (bidding-rules.md, "Rewind": "bidding shall stop and shall begin again
 * with the senior affected member"): its preview, which writes nothing, and the rewind itself.
 */
import {
  bidSessionMutationResponseSchema,
  type RewindPreview,
  type RewindRequest,
  rewindPreviewResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showSuccess } from '../../../lib/toasts.ts';

type RewindResponse = z.output<typeof bidSessionMutationResponseSchema>;

/**
 * What a rewind to `toUserId`'s turn would do now; with `toUserId` null, only the places that
 * corrected seniority data moves (and the senior-most of them, where a rewind must begin at the latest).
 */
export async function getRewindPreview(
  sessionId: string,
  toUserId: string | null,
  signal?: AbortSignal,
): Promise<RewindPreview> {
  const query = toUserId === null ? '' : `?${new URLSearchParams({ toUserId })}`;
  const { preview } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/rewind-preview${query}`, {
    schema: rewindPreviewResponseSchema,
    signal,
  });
  return preview;
}

export async function rewindSession({
  sessionId,
  ...body
}: RewindRequest & { sessionId: string }): Promise<RewindResponse> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/rewind`, {
    method: 'POST',
    body,
    schema: bidSessionMutationResponseSchema,
  });
}

/**
 * The server's message ("Bid rewound: 2 turns undone, everyone affected told") is the success
 * toast. A refusal is shown by the dialog itself, beside the reason the administrator wrote, rather
 * than as a toast that vanishes.
 */
export function useRewindSession({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rewindSession,
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      onSuccess?.();
      // The list, details, participants, history and boards all change with the turns undone.
      await invalidateAllSessions(queryClient);
    },
    onError: async () => {
      // A refusal usually means the session moved on meanwhile: read it, and the preview, again.
      await invalidateAllSessions(queryClient);
    },
  });
}
