import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * A spreadsheet import run in the background (docs/decisions/013). Its progress lives here, not in
 * the process running it, so any server process can answer GET /admin/import-jobs/:id. The process
 * running a job renews `lease_expires_at` after each chunk; a running job whose lease has passed
 * belonged to a process that stopped, and is reported (and stored) as failed.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What is imported: 'members' (a spreadsheet) or 'roster' (a roster sync, PUT /admin/roster). */
    kind: text('kind').notNull(),
    state: text('state').notNull().default('running'),
    createdById: uuid('created_by_id').references(() => members.id, { onDelete: 'set null' }),
    /** Who started it, as the administrators' screens name them: a member, or 'API token "HR nightly"'. */
    startedBy: text('started_by'),
    fileName: text('file_name').notNull(),
    rowsTotal: integer('rows_total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    /** The import's results (the synchronous answer's `results`) once it has succeeded. */
    results: jsonb('results'),
    message: text('message'),
    error: text('error'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('import_jobs_running_idx').on(table.leaseExpiresAt).where(sql`${table.state} = 'running'`),
    // One roster sync at a time, across every server process: a second one is refused while the
    // first runs (its plan would be checked against members the first is changing).
    uniqueIndex('import_jobs_one_running_roster')
      .on(table.kind)
      .where(sql`${table.kind} = 'roster' and ${table.state} = 'running'`),
    check('import_jobs_kind_known', sql`${table.kind} in ('members','roster')`),
    check('import_jobs_state_known', sql`${table.state} in ('running','succeeded','failed')`),
    check('import_jobs_rows_in_range', sql`${table.rowsDone} >= 0 and ${table.rowsDone} <= ${table.rowsTotal}`),
  ],
);
