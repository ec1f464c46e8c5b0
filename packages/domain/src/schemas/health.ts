/**
 * GET /api/health: the liveness probe. It answers 200 while the process runs, with status "ok", or
 * "degraded" when the database does not answer (a process restarted for a database outage would
 * not bring the database back); readiness, which does depend on the database, is /api/health/ready.
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
