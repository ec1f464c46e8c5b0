CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"created_by_id" uuid,
	"file_name" text NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"results" jsonb,
	"message" text,
	"error" text,
	"lease_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_kind_known" CHECK ("import_jobs"."kind" in ('members')),
	CONSTRAINT "import_jobs_state_known" CHECK ("import_jobs"."state" in ('running','succeeded','failed')),
	CONSTRAINT "import_jobs_rows_in_range" CHECK ("import_jobs"."rows_done" >= 0 and "import_jobs"."rows_done" <= "import_jobs"."rows_total")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_id_members_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_running_idx" ON "import_jobs" USING btree ("lease_expires_at") WHERE "import_jobs"."state" = 'running';--> statement-breakpoint
-- Hand-written: the member list's keyset indexes (docs/decisions/013). Their expressions are the
-- sort keys of modules/admin-users/member-list.repository.ts and must stay the same.
CREATE INDEX "members_list_name_idx" ON "members" USING btree ((lower("first_name" || ' ' || "last_name")), "employee_id");--> statement-breakpoint
CREATE INDEX "members_list_years_idx" ON "members" USING btree ("years_of_service", (lower("first_name" || ' ' || "last_name")), "employee_id");--> statement-breakpoint
CREATE INDEX "members_list_rank_idx" ON "members" USING btree (((case "rank" when 'Firefighter' then 0 when 'Engineer' then 1 when 'Lieutenant' then 2 when 'Captain' then 3 when 'Battalion Chief' then 4 when 'Deputy Chief' then 5 when 'Chief' then 6 else 0 end)), (lower("first_name" || ' ' || "last_name")), "employee_id");--> statement-breakpoint
CREATE INDEX "members_list_seniority_idx" ON "members" USING btree (((case when "manual_seniority_score" > 0 then "manual_seniority_score" else round("years_of_service" * 10 * (case "rank" when 'Firefighter' then 1 when 'Engineer' then 1.2 when 'Lieutenant' then 1.5 when 'Captain' then 2 when 'Battalion Chief' then 3 when 'Deputy Chief' then 4 when 'Chief' then 5 else 1 end) * (case "position" when 'Firefighter' then 1 when 'Paramedic' then 1.3 when 'EMT' then 1.1 when 'Driver' then 1.2 when 'Operator' then 1.4 when 'Officer' then 1.5 else 1 end))::integer end)), (lower("first_name" || ' ' || "last_name")), "employee_id");

