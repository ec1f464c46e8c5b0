-- Roster sync runs as an import job of kind 'roster', one at a time: the kind check admits it, a
-- partial unique index lets only one roster job be running, and started_by names who sent it (an
-- administrator, or an API token). The check is added again NOT VALID, so no row is scanned under the
-- lock (every old row is 'members'); import_jobs is a small table (one row per import), so the index
-- builds at once.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_kind_known";--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "started_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_roster" ON "import_jobs" USING btree ("kind") WHERE "import_jobs"."kind" = 'roster' and "import_jobs"."state" = 'running';--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_kind_known" CHECK ("import_jobs"."kind" in ('members','roster')) NOT VALID;