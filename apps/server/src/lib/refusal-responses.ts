import { errorResponseSchema } from '@stationbid/domain';

/**
 * The `{ error, code }` answers a route can refuse with, for its `response` schema (and so the
 * OpenAPI document). Authentication runs onRequest, before the body is parsed and validated: a
 * caller without the right gets 401/403, never a validation answer.
 */
export const refusalResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
