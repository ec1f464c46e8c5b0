-- The bid session each outbox message is about, so a session's delivery log reads its own column
-- instead of guessing from the dedupe key. A nullable column: no rewrite. The foreign key is added
-- NOT VALID (the new column is empty; new rows are checked) and is validated in a later release.
-- ON DELETE SET NULL: the outbox is the delivery record, and deleting a session must not delete
-- (or lock for deletion) messages the worker may be sending. Old rows are filled from their dedupe
-- keys after start-up, in batches outside this transaction (backfillOutboxSessions).
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
-- On a PostgreSQL install with an outbox of any size, build it first without blocking writes, as
-- docs/release-notes.md says; this statement then finds it and does nothing.
CREATE INDEX IF NOT EXISTS "outbox_session_idx" ON "outbox" USING btree ("session_id","member_id","created_at");
