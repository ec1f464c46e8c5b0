-- Web Push (issue 15): the server's VAPID key pair, members' push subscriptions, the members' push
-- consent, and 'push' as an outbox channel. outbox and members are busy tables: every statement on
-- them here takes its lock for a moment (no rewrite, no scan), and behind a long query the upgrade
-- gives up after 5 s instead of queueing every bid behind it (docs/architecture.md, "Database migrations").
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_single" CHECK ("push_vapid_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_known";--> statement-breakpoint
-- A constant default: stored once, no row is touched.
ALTER TABLE "members" ADD COLUMN "push_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("member_id");--> statement-breakpoint
-- The channel check widened for push. NOT VALID: no scan of the outbox under its lock; every row
-- already there passed the narrower check, so a later release can VALIDATE CONSTRAINT it.
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_known" CHECK ("outbox"."channel" in ('email','sms','push')) NOT VALID;
