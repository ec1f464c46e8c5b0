import { type ExportStatus, exportStatusSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { exportStatusQueryKey } from './bid-session-query-keys.ts';

export async function getExportStatus(sessionId: string, signal?: AbortSignal): Promise<ExportStatus> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/export-status`, {
    schema: exportStatusSchema,
    signal,
  });
}

/** Whether a session can be exported and reminded, and how many participants have an e-mail; always fresh. */
export function useExportStatusQuery(sessionId: string) {
  return useQuery({
    queryKey: exportStatusQueryKey(sessionId),
    queryFn: ({ signal }) => getExportStatus(sessionId, signal),
    staleTime: 0,
  });
}
