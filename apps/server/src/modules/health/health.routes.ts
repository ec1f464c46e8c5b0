/** GET /api/health: is the process up, and does the database answer? */
import { type HealthResponse, healthResponseSchema } from '@stationbid/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: Clock;
  databaseKind: 'pglite' | 'postgres';
}> = async (app, { db, clock, databaseKind }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Process and database health',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let database: HealthResponse['database'];
      try {
        await db.execute(sql`select 1`);
        database = { kind: databaseKind, status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        database = { kind: databaseKind, status: 'down', latencyMs: null, error: (error as Error).message };
      }
      const body = {
        status: database.status === 'up' ? ('ok' as const) : ('degraded' as const),
        time: clock.now().toISOString(),
        process: {
          uptimeSeconds: Math.round(process.uptime()),
          nodeVersion: process.version,
          memoryRssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
        },
        database,
      };
      return reply.status(database.status === 'up' ? 200 : 503).send(body);
    },
  );
};
