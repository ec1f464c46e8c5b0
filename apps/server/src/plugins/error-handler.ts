/**
 * The one error handler: every failure leaves as `{ error, code }`. Bad input is a 4xx with a
 * message a person can act on; a database that cannot be reached is a 503 with Retry-After, on
 * every route, reported once per outage (jobs/outage-log.ts) rather than once per request; anything
 * else unexpected is logged in full and answered with a 500 that hides its details.
 */
import { MESSAGES } from '@stationbid/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { OutageLog } from '../jobs/outage-log.ts';
import { AppError } from '../lib/app-error.ts';

/** What a person is told while the database cannot be reached, and when to try again. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'StationBid cannot reach its database right now. Try again in a minute.';
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 60;

const FIELD_LABELS: Record<string, string> = { body: 'Request body', querystring: 'Query', params: 'Address' };

function describeValidation(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
    fields[field] ??= issue.message ?? 'Invalid value';
  }
  const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
  // Field messages from the domain read well alone ("Email is required"); zod's generic ones
  // ("Invalid input: expected string") need the field's name to be actionable.
  const isGeneric = /^(Invalid input|Invalid option|Too (big|small)|Unrecognized key)/i.test(firstMessage);
  const label = FIELD_LABELS[firstField] ?? firstField;
  return { message: isGeneric ? `${label}: ${firstMessage}` : firstMessage, fields };
}

/** `outageLog`: the app's one OutageLog; without it the handler makes its own. */
export function registerErrorHandler(app: FastifyInstance, outageLog: OutageLog = new OutageLog(app.log)): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // A refusal that says how long to wait says it in the standard header too.
      if (typeof error.extra.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({ error: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, fields } = describeValidation(error);
      return reply.status(400).send({ error: message, code: 'VALIDATION_ERROR', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ error: MESSAGES.internalError, code: 'INTERNAL_ERROR' });
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own refusals: unparseable JSON, an oversized body, a wrong content type.
      const code =
        statusCode === 413
          ? 'PAYLOAD_TOO_LARGE'
          : statusCode === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : statusCode === 429
              ? 'TOO_MANY_ATTEMPTS'
              : 'BAD_REQUEST';
      const message =
        'code' in error && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : 'code' in error && error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : error.message;
      return reply.status(statusCode).send({ error: message, code });
    }
    if (isDatabaseUnavailable(error)) {
      outageLog.failed('a request', error);
      reply.header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({
        error: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
        retryAfterSeconds: DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: MESSAGES.internalError, code: 'INTERNAL_ERROR' });
  });
}
