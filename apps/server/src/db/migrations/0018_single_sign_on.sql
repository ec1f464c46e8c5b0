-- Single sign-on with OpenID Connect: the one-time codes a sign-in hands the web app (a new table),
-- and two department settings, "require single sign-on" and "create unknown people as inactive
-- members". Columns with a constant default: PostgreSQL adds them without rewriting the table.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
CREATE TABLE "single_sign_on_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_settings" ADD COLUMN "require_single_sign_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "department_settings" ADD COLUMN "single_sign_on_creates_members" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "single_sign_on_codes" ADD CONSTRAINT "single_sign_on_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;