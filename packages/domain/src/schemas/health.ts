/**
 * GET /api/health: whether the API process is up and the database answers. The API answers 200
 * with status "ok", or 503 with the same body and status "degraded" when the database is down, so a
 * client reads the body in both cases.
 */
import { z } from 'zod';

export const HEALTH_STATUSES = ['ok', 'degraded'] as const;
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

export const healthResponseSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
  /** The server's clock, ISO 8601 in UTC. */
  time: z.string(),
  /** No versions (issue 13, finding 12): they would tell an attacker which advisories to try. */
  process: z.object({
    uptimeSeconds: z.number(),
    memoryRssMb: z.number(),
  }),
  database: z.object({
    kind: z.enum(DATABASE_KINDS),
    status: z.enum(['up', 'down']),
    /** Round trip of `select 1`, in ms; null when the database did not answer. */
    latencyMs: z.number().nullable(),
    /** A fixed sentence when the database is down; its own error text goes to the log only. */
    error: z.string().optional(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
