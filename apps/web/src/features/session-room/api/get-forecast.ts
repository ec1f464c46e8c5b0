import { type ForecastAnswer, forecastResponseSchema } from '@stationbid/domain';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /bid-sessions/:id/forecast: the signed-in member's own "what will I likely get" for each seat
 * on their ranked list. A 409 means the session has completed and there is nothing left to forecast.
 */
export function getForecast(sessionId: string, signal?: AbortSignal): Promise<ForecastAnswer> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/forecast`, {
    schema: forecastResponseSchema,
    signal,
  }).then(({ forecast }) => forecast);
}

/** The session has completed (409): there is no forecast, so none is shown. */
export function isForecastClosed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
