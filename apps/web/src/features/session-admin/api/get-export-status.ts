import { type ExportStatus, exportStatusSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getExportStatus(sessionId: string, signal?: AbortSignal): Promise<ExportStatus> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/export-status`, {
    schema: exportStatusSchema,
    signal,
  });
}
