-- The member's calendar (issue 16): department_settings (one row: the shift rotation) and
-- calendar_feeds (the hash of each member's private feed token). Both tables are new and empty;
-- their foreign keys lock members for a moment (no scan of it), and behind a long query the upgrade
-- gives up after 5 s instead of queueing every bid behind it (docs/architecture.md, "Database migrations").
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "department_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rotation_pattern" text,
	"rotation_anchor_date" date,
	"shift_start_time" text DEFAULT '07:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "department_settings_single" CHECK ("department_settings"."id" = 1),
	CONSTRAINT "department_settings_rotation_pattern" CHECK ("department_settings"."rotation_pattern" ~ '^[ABC]{1,64}$'),
	CONSTRAINT "department_settings_shift_start_time" CHECK ("department_settings"."shift_start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "department_settings_rotation_complete" CHECK (("department_settings"."rotation_pattern" is null) = ("department_settings"."rotation_anchor_date" is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_settings" ADD CONSTRAINT "department_settings_updated_by_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;