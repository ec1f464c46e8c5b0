-- Those still to bid, in turn order (issue 12: the engine step reads the next few of them). On a
-- PostgreSQL install with sessions on record, build it first without blocking bids, as
-- docs/release-notes.md says; this statement then finds it and does nothing.
CREATE INDEX IF NOT EXISTS "participants_waiting_queue_idx" ON "participants" USING btree ("session_id","queue_position","bid_priority") WHERE "participants"."outcome" is null;
