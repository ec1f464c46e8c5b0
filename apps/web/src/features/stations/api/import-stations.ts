import { type StationImportResponse, stationImportResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Uploads a station spreadsheet (multipart field `file`); the answer counts created and skipped rows. */
export async function importStations(file: File): Promise<StationImportResponse['results']> {
  const body = new FormData();
  body.append('file', file);
  const { results } = await apiRequest('/admin/import-stations', {
    method: 'POST',
    body,
    schema: stationImportResponseSchema,
  });
  return results;
}
