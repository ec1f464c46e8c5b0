-- Delivery lanes (the outbox worker claims each channel on its own, most urgent first) and a push
-- device that backs off by itself. Constant defaults: no table is rewritten.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "retry_after" timestamp with time zone;--> statement-breakpoint
-- On a PostgreSQL install with an outbox of any size, build it first without blocking writes, as
-- docs/release-notes.md says; this statement then finds it and does nothing.
CREATE INDEX IF NOT EXISTS "outbox_claim_idx" ON "outbox" USING btree ("channel","priority","next_attempt_at") WHERE "outbox"."status" in ('pending','sending');
