import { type Participant, participantListResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionParticipantsQueryKey } from './bid-session-query-keys.ts';

export async function getSessionParticipants(sessionId: string, signal?: AbortSignal): Promise<Participant[]> {
  const { participants } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants`, {
    schema: participantListResponseSchema,
    signal,
  });
  return participants;
}

/** A session's participants in queue order. */
export function useSessionParticipantsQuery(sessionId: string) {
  return useQuery({
    queryKey: sessionParticipantsQueryKey(sessionId),
    queryFn: ({ signal }) => getSessionParticipants(sessionId, signal),
    // Outcomes change turn by turn: read them again each time the dialog opens.
    staleTime: 0,
  });
}
