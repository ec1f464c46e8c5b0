CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_tokens_purpose_known" CHECK ("password_tokens"."purpose" in ('setup','reset'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "bid_session_stations" (
	"session_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	CONSTRAINT "bid_session_stations_session_id_station_id_pk" PRIMARY KEY("session_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "bid_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"bid_window_minutes" integer DEFAULT 5 NOT NULL,
	"auto_assign_timeout_minutes" integer DEFAULT 2 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"scheduled_start" timestamp with time zone,
	"scheduled_end" timestamp with time zone,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"current_participant" integer DEFAULT 0 NOT NULL,
	"current_bid_end" timestamp with time zone,
	"paused_remaining_ms" integer,
	"clear_assignments" boolean DEFAULT false NOT NULL,
	"eligibility_mode" text DEFAULT 'rank' NOT NULL,
	"tie_break_chain" jsonb DEFAULT '["yearsOfService","employeeId"]'::jsonb NOT NULL,
	"random_seed" text,
	"day_before_reminder_sent_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_sessions_status_known" CHECK ("bid_sessions"."status" in ('draft','scheduled','active','paused','completed')),
	CONSTRAINT "bid_sessions_year_min" CHECK ("bid_sessions"."year" >= 2024),
	CONSTRAINT "bid_sessions_bid_window_range" CHECK ("bid_sessions"."bid_window_minutes" between 1 and 60),
	CONSTRAINT "bid_sessions_auto_assign_range" CHECK ("bid_sessions"."auto_assign_timeout_minutes" between 1 and 30),
	CONSTRAINT "bid_sessions_eligibility_known" CHECK ("bid_sessions"."eligibility_mode" in ('rank','any')),
	CONSTRAINT "bid_sessions_current_participant_not_negative" CHECK ("bid_sessions"."current_participant" >= 0),
	CONSTRAINT "bid_sessions_name_not_blank" CHECK (length(trim("bid_sessions"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"member_id" uuid,
	"seat_id" uuid,
	"station_id" uuid,
	"station_name" text NOT NULL,
	"station_number" integer NOT NULL,
	"shift" text NOT NULL,
	"seat_position" text NOT NULL,
	"kind" text NOT NULL,
	"placed_by_id" uuid,
	"placed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_participant_unique" UNIQUE("participant_id"),
	CONSTRAINT "bids_kind_known" CHECK ("bids"."kind" in ('own','proxy','auto')),
	CONSTRAINT "bids_shift_known" CHECK ("bids"."shift" in ('A','B','C'))
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"employee_id" text NOT NULL,
	"rank" text NOT NULL,
	"position" text NOT NULL,
	"years_of_service" integer NOT NULL,
	"seniority_score" integer NOT NULL,
	"bid_priority" integer NOT NULL,
	"queue_position" integer NOT NULL,
	"moved_to_back" boolean DEFAULT false NOT NULL,
	"turn_started_at" timestamp with time zone,
	"turn_deadline" timestamp with time zone,
	"outcome" text,
	"assigned_station_id" uuid,
	"assigned_station_name" text,
	"assigned_station_number" integer,
	"assigned_shift" text,
	"assigned_seat_position" text,
	"done_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"turn_reminder_sent_at" timestamp with time zone,
	CONSTRAINT "participants_session_member_unique" UNIQUE("session_id","member_id"),
	CONSTRAINT "participants_outcome_known" CHECK ("participants"."outcome" is null or "participants"."outcome" in ('bid','proxy_bid','auto_assigned','skipped','not_assigned')),
	CONSTRAINT "participants_queue_position_not_negative" CHECK ("participants"."queue_position" >= 0),
	CONSTRAINT "participants_shift_known" CHECK ("participants"."assigned_shift" is null or "participants"."assigned_shift" in ('A','B','C'))
);
--> statement-breakpoint
CREATE TABLE "session_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"participant_id" uuid,
	"user_name" text,
	"station_name" text,
	"station_number" integer,
	"shift" text,
	"seat_position" text,
	"bid_priority" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid,
	"actor_name" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_type_known" CHECK ("activities"."type" in ('login','bid','profile','user','station','session','system'))
);
--> statement-breakpoint
CREATE TABLE "chat_message_reads" (
	"message_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_reads_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid,
	"author_first_name" text NOT NULL,
	"author_last_name" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_length" CHECK (length("chat_messages"."message") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"session_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"assigned_station_number" integer,
	"assigned_shift" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('bid_success','session_completed','turn_started','system','other')),
	CONSTRAINT "notifications_status_known" CHECK ("notifications"."status" in ('unread','read'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid,
	"recipient" text NOT NULL,
	"subject" text,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_channel_known" CHECK ("outbox"."channel" in ('email','sms')),
	CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending','sending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"address" text,
	"employee_id" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"rank" text DEFAULT 'Firefighter' NOT NULL,
	"position" text DEFAULT 'Firefighter' NOT NULL,
	"years_of_service" integer DEFAULT 0 NOT NULL,
	"manual_seniority_score" integer,
	"current_seat_id" uuid,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"emergency_contact_relationship" text,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"bid_reminders" boolean DEFAULT true NOT NULL,
	"bid_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_email_lower_case" CHECK ("members"."email" = lower("members"."email")),
	CONSTRAINT "members_rank_known" CHECK ("members"."rank" in ('Firefighter','Engineer','Lieutenant','Captain','Battalion Chief','Deputy Chief','Chief')),
	CONSTRAINT "members_position_known" CHECK ("members"."position" in ('Firefighter','Paramedic','EMT','Driver','Operator','Officer')),
	CONSTRAINT "members_years_of_service_range" CHECK ("members"."years_of_service" between 0 and 50),
	CONSTRAINT "members_manual_score_not_negative" CHECK ("members"."manual_seniority_score" is null or "members"."manual_seniority_score" >= 0),
	CONSTRAINT "members_employee_id_not_blank" CHECK (length(trim("members"."employee_id")) > 0)
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"shift" text NOT NULL,
	"seat_position" text NOT NULL,
	"ordinal" integer NOT NULL,
	CONSTRAINT "seats_station_shift_position_ordinal_unique" UNIQUE("station_id","shift","seat_position","ordinal"),
	CONSTRAINT "seats_shift_known" CHECK ("seats"."shift" in ('A','B','C')),
	CONSTRAINT "seats_position_known" CHECK ("seats"."seat_position" in ('Captain','Lieutenant','Engineer','Firefighter')),
	CONSTRAINT "seats_ordinal_positive" CHECK ("seats"."ordinal" >= 1)
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"location" text,
	"description" text,
	"phone_number" text,
	"email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"preferred_ranks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_number_unique" UNIQUE("number"),
	CONSTRAINT "stations_number_positive" CHECK ("stations"."number" >= 1),
	CONSTRAINT "stations_name_not_blank" CHECK (length(trim("stations"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_session_stations" ADD CONSTRAINT "bid_session_stations_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_session_stations" ADD CONSTRAINT "bid_session_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_sessions" ADD CONSTRAINT "bid_sessions_created_by_id_members_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_placed_by_id_members_id_fk" FOREIGN KEY ("placed_by_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_assigned_station_id_stations_id_fk" FOREIGN KEY ("assigned_station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_history" ADD CONSTRAINT "session_history_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_history" ADD CONSTRAINT "session_history_actor_id_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_history" ADD CONSTRAINT "session_history_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reads" ADD CONSTRAINT "chat_message_reads_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reads" ADD CONSTRAINT "chat_message_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_session_id_bid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."bid_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_current_seat_id_seats_id_fk" FOREIGN KEY ("current_seat_id") REFERENCES "public"."seats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_member_idx" ON "refresh_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "bid_sessions_status_idx" ON "bid_sessions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bid_sessions_current_bid_end_idx" ON "bid_sessions" USING btree ("current_bid_end");--> statement-breakpoint
CREATE INDEX "bid_sessions_scheduled_start_idx" ON "bid_sessions" USING btree ("scheduled_start");--> statement-breakpoint
CREATE INDEX "bids_member_idx" ON "bids" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "bids_session_idx" ON "bids" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "participants_session_queue_idx" ON "participants" USING btree ("session_id","queue_position");--> statement-breakpoint
CREATE INDEX "participants_member_idx" ON "participants" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "session_history_session_idx" ON "session_history" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "activities_member_idx" ON "activities" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_session_idx" ON "chat_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_lower_unique" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_employee_id_unique" ON "members" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_current_seat_unique" ON "members" USING btree ("current_seat_id");--> statement-breakpoint
CREATE INDEX "members_last_seen_idx" ON "members" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "seats_station_idx" ON "seats" USING btree ("station_id","shift","seat_position");