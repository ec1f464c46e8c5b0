-- Rewinds (docs/bidding-rules.md, "Rewind"): an award a rewind undid stays in bids, marked, and the
-- participant may win again, so "one award per participant" holds for the awards that stand.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "bids" DROP CONSTRAINT "bids_participant_unique";--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_participant_standing" ON "bids" USING btree ("participant_id") WHERE "bids"."undone_at" is null;