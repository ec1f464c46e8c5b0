-- A department's rules (docs/bidding-rules.md): seniority keys and the department's seniority rule,
-- certifications held with their expiry, seats that require them or must be filled, and rounds.
-- Constant defaults on existing tables: none is rewritten.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certifications_code_format" CHECK ("certifications"."code" ~ '^[A-Z0-9][A-Z0-9_-]{0,15}$'),
	CONSTRAINT "certifications_name_not_blank" CHECK (length(trim("certifications"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "member_certifications" (
	"member_id" uuid NOT NULL,
	"certification_id" uuid NOT NULL,
	"expires_on" date,
	CONSTRAINT "member_certifications_member_id_certification_id_pk" PRIMARY KEY("member_id","certification_id")
);
--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "rounds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "seniority_rule" jsonb;--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD COLUMN "certifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "rank_date" date;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "list_number" integer;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "certifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "department_settings" ADD COLUMN "seniority_rule" jsonb;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "rank_date" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "list_number" integer;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "requires" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "must_fill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_certifications" ADD CONSTRAINT "member_certifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_certifications" ADD CONSTRAINT "member_certifications_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_code_unique" ON "certifications" USING btree ("code");--> statement-breakpoint
CREATE INDEX "member_certifications_certification_idx" ON "member_certifications" USING btree ("certification_id");
