import { type WhatIf, whatIfResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** A what-if run of the session to its end (administrators): the server writes nothing. */
export async function simulateSession(sessionId: string, signal?: AbortSignal): Promise<WhatIf> {
  const { whatIf } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/simulate`, {
    method: 'POST',
    body: {},
    schema: whatIfResponseSchema,
    signal,
  });
  return whatIf;
}
