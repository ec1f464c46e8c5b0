/** The server's record-signing key: what a steward checks a session record against. */
import { recordKeyResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type RecordKeyAnswer = z.infer<typeof recordKeyResponseSchema>;

export function getRecordKey(signal?: AbortSignal): Promise<RecordKeyAnswer> {
  return apiRequest('/record-key', { schema: recordKeyResponseSchema, signal });
}
