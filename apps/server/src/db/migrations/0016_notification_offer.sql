-- The one-time offer of texts and phone notifications: when each member answered it (null: still to be shown). A column without a default: no rewrite.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "notification_offer_answered_at" timestamp with time zone;
