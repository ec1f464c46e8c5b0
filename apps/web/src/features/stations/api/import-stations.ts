import { type StationImportResponse, stationImportResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Uploads a station spreadsheet (multipart field `file`); the answer counts created, updated and
 * refused rows. `dryRun` asks only what the file would change: the server saves nothing.
 */
export async function importStations(file: File, options: { dryRun?: boolean } = {}): Promise<StationImportResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(options.dryRun ? '/admin/import-stations?dryRun=1' : '/admin/import-stations', {
    method: 'POST',
    body,
    schema: stationImportResponseSchema,
  });
}
